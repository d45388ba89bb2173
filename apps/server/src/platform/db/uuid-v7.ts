import { randomBytes } from 'node:crypto';

let lastMs = 0;
let lastSeq = 0;

/**
 * A uuid v7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Ids sort by creation time, which
 * keeps B-tree inserts at the right edge of the index. Node 20 has no built-in v7 and no package in
 * the workspace provides one, so this is the small generator.
 *
 * Within one millisecond a 12-bit counter in `rand_a` (RFC 9562 §6.2, method 1) keeps ids from one
 * process strictly increasing; if it overflows, the timestamp is advanced by one millisecond.
 */
export function uuidv7(now: number = Date.now()): string {
  let ms = now;
  if (ms <= lastMs) {
    ms = lastMs;
    lastSeq += 1;
    if (lastSeq > 0xfff) {
      ms += 1;
      lastSeq = 0;
    }
  } else {
    lastSeq = 0;
  }
  lastMs = ms;

  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (lastSeq >> 8);
  bytes[7] = lastSeq & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The creation time carried in a uuid v7. */
export function timestampOfUuidv7(id: string): Date {
  return new Date(parseInt(id.replace(/-/g, '').slice(0, 12), 16));
}
