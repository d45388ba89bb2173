/**
 * Framing of the 3G watch protocol (SeTracker family): `[MF*ID*LEN*CONTENT]`, or with a sequence
 * index `[MF*ID*IDX*LEN*CONTENT]`. See /work/shared/notes/protocols.md §1.1 for the sources.
 *
 * LEN often lies (about a third of real frames), and SSIDs may hold raw brackets, so a frame ends
 * where LEN says only when the byte there is `]`; otherwise where the bracket depth returns to 0.
 */

export interface WatchFrameHeader {
  /** Manufacturer code, two characters (`SG`, `3G`, `CS`, `ZJ`, ...); replies echo it. */
  manufacturer: string;
  /** The watch's id as sent (usually 10 digits). */
  deviceId: string;
  /** The optional 4-hex sequence index of the `ZJ` family; replies echo it. */
  index?: string;
}

export interface WatchFrame extends WatchFrameHeader {
  declaredLength: number;
  /** CONTENT as received (still escaped for binary types). */
  content: Buffer;
}

/** The stream cannot be a watch talking; the connection should be closed. */
export class WatchFrameError extends Error {
  override name = 'WatchFrameError';
}

/** Traccar's limit: more than this buffered without a complete frame is an error (voice frames run to several KB). */
export const MAX_BUFFERED_BYTES = 32 * 1024;
const MAX_DEVICE_ID_DIGITS = 20;

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const STAR = 0x2a; // *

const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;
const isHex = (byte: number) =>
  isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
const isAlphanumeric = (byte: number) =>
  isDigit(byte) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

const INCOMPLETE = 'incomplete' as const;

interface HeaderEnd extends WatchFrameHeader {
  declaredLength: number;
  contentStart: number;
}

/** Reads the header of the frame opening at `start`; throws when the bytes cannot be a header. */
function readHeader(buffer: Buffer, start: number): HeaderEnd | typeof INCOMPLETE {
  let position = start + 1;
  const need = (count: number) => position + count <= buffer.length;
  const fail = (what: string): never => {
    throw new WatchFrameError(`Bad frame header: ${what} at byte ${position - start}`);
  };

  if (!need(3)) return INCOMPLETE;
  if (!isAlphanumeric(buffer[position]!) || !isAlphanumeric(buffer[position + 1]!)) fail('manufacturer');
  const manufacturer = buffer.toString('latin1', position, position + 2);
  position += 2;
  if (buffer[position] !== STAR) fail('separator');
  position += 1;

  const idStart = position;
  while (position < buffer.length && isDigit(buffer[position]!)) {
    position += 1;
    if (position - idStart > MAX_DEVICE_ID_DIGITS) fail('device id too long');
  }
  if (position >= buffer.length) return INCOMPLETE;
  if (position === idStart || buffer[position] !== STAR) fail('device id');
  const deviceId = buffer.toString('latin1', idStart, position);
  position += 1;

  const readHexField = (): string | typeof INCOMPLETE => {
    for (let offset = 0; offset < 5; offset += 1) {
      if (!need(offset + 1)) return INCOMPLETE;
      const byte = buffer[position + offset]!;
      if (offset < 4 ? !isHex(byte) : byte !== STAR) fail('length');
    }
    const field = buffer.toString('latin1', position, position + 4);
    position += 5;
    return field;
  };
  const first = readHexField();
  if (first === INCOMPLETE) return INCOMPLETE;

  // Two 4-hex fields in a row: the first is the ZJ sequence index, the second the length.
  let index: string | undefined;
  let length = first;
  for (let offset = 0; offset < 5; offset += 1) {
    if (!need(offset + 1)) return INCOMPLETE;
    const byte = buffer[position + offset]!;
    if (offset < 4 ? !isHex(byte) : byte !== STAR) break;
    if (offset === 4) {
      index = first;
      length = buffer.toString('latin1', position, position + 4);
      position += 5;
    }
  }
  return {
    manufacturer,
    deviceId,
    ...(index ? { index } : {}),
    declaredLength: Number.parseInt(length, 16),
    contentStart: position,
  };
}

/** The offset of the `]` that closes the frame, or INCOMPLETE. */
function findFrameEnd(buffer: Buffer, header: HeaderEnd): number | typeof INCOMPLETE {
  const byLength = header.contentStart + header.declaredLength;
  if (byLength < buffer.length && buffer[byLength] === CLOSE) return byLength;
  let depth = 1;
  for (let position = header.contentStart; position < buffer.length; position += 1) {
    const byte = buffer[position];
    if (byte === OPEN) depth += 1;
    else if (byte === CLOSE) {
      depth -= 1;
      if (depth === 0) return position;
    }
  }
  return INCOMPLETE;
}

/**
 * Turns a TCP byte stream into frames, whatever the split: bytes are buffered until a frame closes,
 * and one read may hold several frames. Bytes before a `[` are skipped. A bad header, or too much
 * buffered without a frame, gives an `error` (after the good frames before it); the caller then
 * closes the connection, as nothing after it can be trusted.
 */
export class WatchFrameReader {
  private buffer: Buffer = Buffer.alloc(0);
  private failed: WatchFrameError | undefined;

  push(chunk: Buffer): { frames: WatchFrame[]; error?: WatchFrameError } {
    if (this.failed) return { frames: [], error: this.failed };
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const frames: WatchFrame[] = [];
    let start = this.buffer.indexOf(OPEN);
    let consumed = start < 0 ? this.buffer.length : start;
    try {
      while (start >= 0) {
        const header = readHeader(this.buffer, start);
        if (header === INCOMPLETE) break;
        const end = findFrameEnd(this.buffer, header);
        if (end === INCOMPLETE) break;
        const { contentStart, ...frameHeader } = header;
        frames.push({ ...frameHeader, content: Buffer.from(this.buffer.subarray(contentStart, end)) });
        start = this.buffer.indexOf(OPEN, end + 1);
        consumed = start < 0 ? this.buffer.length : start;
      }
      this.buffer = this.buffer.subarray(consumed);
      if (this.buffer.length > MAX_BUFFERED_BYTES) {
        throw new WatchFrameError(`More than ${MAX_BUFFERED_BYTES} bytes without a complete frame`);
      }
    } catch (error) {
      if (!(error instanceof WatchFrameError)) throw error;
      this.failed = error;
      this.buffer = Buffer.alloc(0);
      return { frames, error };
    }
    return { frames };
  }
}

/** `[MF*ID*(IDX*)LEN*content]`; LEN is the content's byte count in 4 upper-case hex digits. */
export function encodeWatchFrame(header: WatchFrameHeader, content: string): Buffer {
  const body = Buffer.from(content, 'utf8');
  const length = body.length.toString(16).toUpperCase().padStart(4, '0');
  const prefix = [header.manufacturer, header.deviceId, ...(header.index ? [header.index] : []), length];
  return Buffer.concat([Buffer.from(`[${prefix.join('*')}*`, 'latin1'), body, Buffer.from(']')]);
}
