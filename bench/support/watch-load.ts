/**
 * Load over the 3G watch TCP protocol, shaped as real watches are: one persistent connection per
 * watch (the protocol carries one watch per connection), kept open for the run and carrying
 * location frames (`UD`; no `LK` link frames, which are heartbeats without a position). The server
 * answers no `UD` frame, so the bench keeps a fixed number of frames in flight by the server's own
 * count of accepted watch reports (`GET /metrics`, read every few milliseconds): frames written
 * minus frames accepted. The watches take turns, each frame on its own watch's connection, in the
 * order of its device times (the server handles one connection's frames in order).
 */
import { connect, type Socket } from 'node:net';
import { watchFrames } from '@homeward/simulator';
import type { FleetDevice, ReportSequence } from './fleet';
import { acceptedReports, measureWindow, sleep, type MeasuredWindow } from './report-counters';

const POLL_MS = 5;
const CONNECT_BATCH = 200;
const DRAIN_TIMEOUT_MS = 30_000;

export interface WatchLoadOptions {
  baseUrl: string;
  port: number;
  /** One connection each; the first `watches.length` devices of the fleet report over TCP. */
  watches: FleetDevice[];
  sequence: ReportSequence;
  /** Frames written and not yet accepted, at most. */
  inFlight: number;
  warmupS: number;
  durationS: number;
  /** Frames per second in total; undefined: as fast as the server accepts them. */
  rate?: number;
  /** The server's process, whose CPU per report the window reads. */
  serverPid?: number;
  /** A watch's next frame; a plain `UD` position of its walk unless given (bench:ingest's mix). */
  frame?: (watch: FleetDevice, sequence: ReportSequence) => Buffer;
}

export interface WatchLoadResult {
  connectSeconds: number;
  window: MeasuredWindow;
  /** UD frames written over the whole run, and how many the server accepted once drained. */
  sent: number;
  accepted: number;
  closedByServer: number;
}

/** Opens a watch's connection; it stays open for the whole run, as a watch keeps it. */
function openWatch(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      // Answers (none for UD) are read and dropped; an error shows as the close it causes.
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      resolve(socket);
    });
  });
}

export async function runWatchLoad(options: WatchLoadOptions): Promise<WatchLoadResult> {
  const { baseUrl, watches, sequence } = options;
  const connectStarted = performance.now();
  const sockets: Socket[] = [];
  for (let start = 0; start < watches.length; start += CONNECT_BATCH) {
    const batch = watches.slice(start, start + CONNECT_BATCH);
    sockets.push(...(await Promise.all(batch.map(() => openWatch(options.port)))));
  }
  let closedByServer = 0;
  for (const socket of sockets) socket.once('close', () => (closedByServer += 1));
  const base = await acceptedReports(baseUrl, 'watch');
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  let sent = 0;
  let next = 0;
  let running = true;
  const pump = async () => {
    const startedAt = performance.now();
    while (running) {
      const accepted = (await acceptedReports(baseUrl, 'watch')) - base;
      let room = options.inFlight - (sent - accepted);
      if (options.rate) {
        room = Math.min(room, Math.floor((options.rate * (performance.now() - startedAt)) / 1000) - sent);
      }
      for (; room > 0 && running; room -= 1) {
        const watch = watches[next]!;
        sockets[next]!.write(
          options.frame
            ? options.frame(watch, sequence)
            : watchFrames(watch.imei, sequence.next(watch.index)),
        );
        next = (next + 1) % watches.length;
        sent += 1;
      }
      await sleep(POLL_MS);
    }
  };
  const pumping = pump();
  const window = await measureWindow(
    baseUrl,
    'watch',
    options.warmupS,
    options.durationS,
    () => sequence.reportedDevices(),
    watches.length,
    options.serverPid,
  );
  running = false;
  await pumping;

  // Every frame written is expected to be accepted; wait for the ones still in the pipeline.
  const drainUntil = performance.now() + DRAIN_TIMEOUT_MS;
  let accepted = (await acceptedReports(baseUrl, 'watch')) - base;
  while (accepted < sent && performance.now() < drainUntil) {
    await sleep(100);
    accepted = (await acceptedReports(baseUrl, 'watch')) - base;
  }
  const closed = closedByServer;
  for (const socket of sockets) socket.destroy();
  return { connectSeconds, window, sent, accepted, closedByServer: closed };
}
