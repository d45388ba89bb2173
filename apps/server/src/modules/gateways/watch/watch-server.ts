import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SENDABLE_COMMAND_PATTERN } from '@homeward/contracts';
import { MetricsRegistry } from '../../../platform/metrics/metrics';
import { ConnectionLimit, DEFAULT_MAX_CONNECTIONS_PER_IP } from '../connection-limit';
import type { DeviceReportSink } from '../device-report-sink';
import { SILENT_LOGGER, type GatewayLogger } from '../gateway-logger';
import { createGatewayMetrics, type GatewayMetrics } from '../gateway-metrics';
import { unstorableTextIn } from '../storable-text';
import { decodeWatchFrame } from './watch-decoder';
import { encodeWatchFrame, WatchFrameReader, type WatchFrame, type WatchFrameHeader } from './watch-frame';

export interface WatchServerOptions {
  /** 0 = any free port (tests); start-up treats GATEWAY_WATCH_PORT=0 as "off" before coming here. */
  port: number;
  host?: string;
  sink: DeviceReportSink;
  logger?: GatewayLogger;
  clock?: () => Date;
  /** A connection silent this long is closed (GATEWAY_WATCH_IDLE_SECONDS; default 10 minutes). */
  idleTimeoutMs?: number;
  /** Open connections one address may hold (GATEWAY_MAX_CONNECTIONS_PER_IP). */
  maxConnectionsPerIp?: number;
  /** Where reports, bad frames and refused connections are counted (the app's); its own unless given. */
  metrics?: GatewayMetrics;
}

/** The running 3G watch gateway. */
export interface WatchServer {
  /** The port it listens on (the real one when started with 0). */
  readonly port: number;
  /**
   * Sends a command (frame content such as `CR` or `UPLOAD,600`) down the watch's open connection.
   * False when the watch is not connected; the caller keeps it queued for the next report.
   */
  sendCommand(deviceId: string, command: string): boolean;
  /** Whether the watch has an open connection here (it reported on it). */
  isConnected(deviceId: string): boolean;
  /** Open connections (for health and tests). */
  connectionCount(): number;
  close(): Promise<void>;
}

/**
 * Watches keep their connection open and send LK every 5–8 minutes (every minute when unanswered,
 * notes §1.4), so a connection silent for 10 minutes is dead or not a watch; a watch whose
 * connection was closed opens a new one with its next frame. The server never probes with TCP
 * keep-alive: the vendor says it drains the battery.
 */
export const DEFAULT_WATCH_IDLE_TIMEOUT_MS = 10 * 60 * 1000;

const MAX_PENDING_FRAMES = 64;

interface WatchConnection {
  socket: Socket;
  /** The last header the watch sent, echoed in replies and commands. */
  header?: WatchFrameHeader;
}

export async function startWatchServer(options: WatchServerOptions): Promise<WatchServer> {
  const { sink } = options;
  const logger = options.logger ?? SILENT_LOGGER;
  const clock = options.clock ?? (() => new Date());
  const byDevice = new Map<string, WatchConnection>();
  const sockets = new Set<Socket>();
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_WATCH_IDLE_TIMEOUT_MS;
  const metrics = options.metrics ?? createGatewayMetrics(new MetricsRegistry());
  const limit = new ConnectionLimit(
    'watch',
    options.maxConnectionsPerIp ?? DEFAULT_MAX_CONNECTIONS_PER_IP,
    logger,
    metrics,
  );

  const write = (connection: WatchConnection, header: WatchFrameHeader, content: string) => {
    if (!connection.socket.destroyed) connection.socket.write(encodeWatchFrame(header, content));
  };

  async function handleFrame(connection: WatchConnection, frame: WatchFrame): Promise<void> {
    const decoded = decodeWatchFrame(frame, clock());
    // The type (a command answer's keyword) and every text of the report reach the database.
    const unstorable = unstorableTextIn({ type: decoded.type, report: decoded.report });
    if (unstorable) {
      metrics.badFrame('watch');
      logger.warn({ deviceId: frame.deviceId, reason: unstorable }, 'watch frame dropped');
      return;
    }
    if (!decoded.report) {
      // A frame without a report is the watch's answer to a command of the same keyword (`CR`).
      const answered = await sink.answerCommand(frame.deviceId, { keyword: decoded.type });
      logger.debug(
        { deviceId: frame.deviceId, type: decoded.type, answered },
        'watch frame without a report',
      );
      return;
    }
    const { deviceKnown, commandQueued } = await sink.handleReport(decoded.report);
    if (deviceKnown) metrics.accepted('watch');
    else metrics.unknownDevice('watch');
    if (!deviceKnown) {
      // As Traccar: a stranger gets no reply, so nothing confirms the server to it.
      logger.info({ deviceId: frame.deviceId, type: decoded.type }, 'watch frame from an unknown device');
      return;
    }
    const header = { manufacturer: frame.manufacturer, deviceId: frame.deviceId, index: frame.index };
    connection.header = header;
    byDevice.set(frame.deviceId, connection);
    if (decoded.reply) write(connection, header, decoded.reply);
    if (commandQueued === false) return;
    const command = await sink.takeQueuedCommand(frame.deviceId, 'watch');
    if (command !== null) sendOn(connection, frame.deviceId, command);
  }

  function sendOn(connection: WatchConnection, deviceId: string, command: string): boolean {
    if (!SENDABLE_COMMAND_PATTERN.test(command))
      throw new Error(`Not a watch command: ${JSON.stringify(command)}`);
    if (connection.socket.destroyed || !connection.header) return false;
    // Downlinks of the indexed (ZJ) family carry index 0001, as Traccar sends.
    const index = connection.header.index ? '0001' : undefined;
    write(connection, { manufacturer: connection.header.manufacturer, deviceId, index }, command);
    return true;
  }

  function accept(socket: Socket): void {
    if (!limit.admit(socket)) return;
    sockets.add(socket);
    const connection: WatchConnection = { socket };
    const reader = new WatchFrameReader();
    // Frames of one connection are handled in order: a reply never overtakes an earlier one.
    let queue: Promise<void> = Promise.resolve();
    socket.setTimeout(idleTimeoutMs, () => {
      logger.debug({ remote: socket.remoteAddress }, 'closing idle watch connection');
      socket.destroy();
    });
    let pending = 0;
    let closing = false;
    socket.on('data', (chunk: Buffer) => {
      if (closing) return;
      const { frames, error } = reader.push(chunk);
      for (const frame of frames) {
        pending += 1;
        // Back-pressure: a watch flooding faster than the sink stores waits, instead of queueing without bound.
        if (pending > MAX_PENDING_FRAMES) socket.pause();
        queue = queue
          .then(() => handleFrame(connection, frame))
          .catch((failure: unknown) =>
            logger.error({ err: failure, deviceId: frame.deviceId }, 'watch frame handling failed'),
          )
          .finally(() => {
            pending -= 1;
            if (pending === 0 && !closing && socket.isPaused()) socket.resume();
          });
      }
      if (error) {
        closing = true;
        metrics.badFrame('watch');
        logger.warn({ remote: socket.remoteAddress, reason: error.message }, 'closing watch connection');
        socket.pause();
        void queue.finally(() => socket.destroy());
      }
    });
    socket.on('error', (error) => logger.debug({ err: error }, 'watch connection error'));
    socket.on('close', () => {
      sockets.delete(socket);
      for (const [deviceId, known] of byDevice) if (known === connection) byDevice.delete(deviceId);
    });
  }

  const server = createServer(accept);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => logger.error({ err: error }, 'watch gateway error'));

  return {
    port: (server.address() as AddressInfo).port,
    sendCommand(deviceId, command) {
      const connection = byDevice.get(deviceId);
      return connection ? sendOn(connection, deviceId, command) : false;
    },
    isConnected: (deviceId) => {
      const connection = byDevice.get(deviceId);
      return connection !== undefined && !connection.socket.destroyed;
    },
    connectionCount: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
