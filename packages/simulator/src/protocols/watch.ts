import { connect, type Socket } from 'node:net';
import type { Fix } from '../walk-model';
import type { ReportClient } from './report-client';

/** The manufacturer code the simulated watches use (replies echo it). */
const MANUFACTURER = '3G';
const KMH_PER_MPS = 3.6;
/** Status bit 16 of the 3G protocol: the SOS button. */
const SOS_STATUS = 0x0001_0000;

/** `[3G*ID*LEN*content]`; LEN is the content's byte count in 4 upper-case hex digits. */
export function watchFrame(deviceId: string, content: string): Buffer {
  const body = Buffer.from(content, 'utf8');
  const length = body.length.toString(16).toUpperCase().padStart(4, '0');
  return Buffer.concat([
    Buffer.from(`[${MANUFACTURER}*${deviceId}*${length}*`, 'latin1'),
    body,
    Buffer.from(']'),
  ]);
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * The location content of a fix: `UD` (position) or, on an SOS press, `AL` with the SOS status
 * bit. No cells and no Wi-Fi; the accuracy follows the (empty) Wi-Fi list, as the watches send it.
 */
export function watchLocationContent(fix: Fix): string {
  const at = fix.at;
  const date = `${two(at.getUTCDate())}${two(at.getUTCMonth() + 1)}${two(at.getUTCFullYear() % 100)}`;
  const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
  const status = (fix.sos ? SOS_STATUS : 0).toString(16).toUpperCase().padStart(8, '0');
  return [
    fix.sos ? 'AL' : 'UD',
    date,
    time,
    'A',
    Math.abs(fix.lat).toFixed(6),
    fix.lat < 0 ? 'S' : 'N',
    Math.abs(fix.lon).toFixed(6),
    fix.lon < 0 ? 'W' : 'E',
    (fix.speedMps * KMH_PER_MPS).toFixed(2),
    fix.bearing.toFixed(1),
    '0.0',
    '9',
    '100',
    String(fix.batteryPercent),
    '0',
    '0',
    status,
    '0',
    '0',
    String(fix.accuracyMeters),
  ].join(',');
}

/** The watch id in frames: its IMEI (the server matches IMEI or watch id). */
export function watchFrames(imei: string, fix: Fix): Buffer {
  return watchFrame(imei, watchLocationContent(fix));
}

/**
 * Reports over the 3G watch TCP protocol on one connection, opened on the first report with a
 * link (`LK`) frame as the watches do. A closed connection is opened again on the next report.
 */
export function watchClient(host: string, port: number, imei: string): ReportClient {
  let socket: Socket | undefined;
  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const opened = connect(port, host, () => {
        opened.off('error', reject);
        resolve(opened);
      });
      opened.once('error', reject);
      // Replies (`LK`, `AL`) are read and dropped; errors end the socket and the next send reconnects.
      opened.on('data', () => undefined);
      opened.on('error', () => undefined);
      opened.on('close', () => {
        if (socket === opened) socket = undefined;
      });
    });
  const write = (target: Socket, data: Buffer) =>
    new Promise<void>((resolve, reject) =>
      target.write(data, (error) => (error ? reject(error) : resolve())),
    );
  return {
    protocol: 'watch',
    imei,
    async send(fix) {
      if (!socket) {
        socket = await open();
        await write(socket, watchFrame(imei, `LK,0,0,${fix.batteryPercent}`));
      }
      await write(socket, watchFrames(imei, fix));
    },
    async close() {
      const current = socket;
      socket = undefined;
      if (current) await new Promise<void>((resolve) => current.end(() => resolve()));
    },
  };
}
