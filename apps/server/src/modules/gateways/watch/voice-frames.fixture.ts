import type { WatchFrameHeader } from './watch-frame';

/**
 * Voice chunks as a watch sends them (notes §1.1, §1.4): `JXTK,0,<name>,<part>,<total>,<AMR>`, the
 * audio escaped (0x7D → 7D 01, `[` → 7D 02, `]` → 7D 03, `,` → 7D 04, `*` → 7D 05) and LEN the
 * escaped content's byte count, as in Traccar's real frames (`0439` = 1081 escaped bytes).
 */
const ESCAPES: Record<number, number> = { 0x7d: 0x01, 0x5b: 0x02, 0x5d: 0x03, 0x2c: 0x04, 0x2a: 0x05 };

export function escapeWatchBinary(bytes: Uint8Array): Buffer {
  const out: number[] = [];
  for (const byte of bytes) {
    const escaped = ESCAPES[byte];
    if (escaped === undefined) out.push(byte);
    else out.push(0x7d, escaped);
  }
  return Buffer.from(out);
}

/** The AMR file header a watch's first chunk starts with. */
export const AMR_HEADER = Buffer.from('#!AMR\n', 'latin1');

/**
 * One JXTK frame. `declaredLength` overrides LEN (to make it lie); `escape: false` sends the audio
 * raw, as firmware that ignores the escaping rule would.
 */
export function voiceChunkFrame(
  header: WatchFrameHeader,
  chunk: { name?: string; part: number; total: number; audio: Uint8Array },
  options: { declaredLength?: number; escape?: boolean } = {},
): Buffer {
  const name = chunk.name ?? 'watch_7_20220526093954';
  const audio = options.escape === false ? Buffer.from(chunk.audio) : escapeWatchBinary(chunk.audio);
  const content = Buffer.concat([
    Buffer.from(`JXTK,0,${name},${chunk.part},${chunk.total},`, 'latin1'),
    audio,
  ]);
  const length = (options.declaredLength ?? content.length).toString(16).toUpperCase().padStart(4, '0');
  const prefix = [header.manufacturer, header.deviceId, ...(header.index ? [header.index] : []), length];
  return Buffer.concat([Buffer.from(`[${prefix.join('*')}*`, 'latin1'), content, Buffer.from(']')]);
}
