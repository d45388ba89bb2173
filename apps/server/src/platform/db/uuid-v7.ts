import { randomBytes } from 'node:crypto';

// Process-wide on purpose: ids stay ordered across everything the process makes, apps included.
let lastMs = 0;
let lastSeq = 0;

/**
 * Random bytes are drawn from a pool filled 4 KiB at a time (as Node's own `randomUUID` does): the
 * same CSPRNG bytes, without a call into it for every id the ingest pipeline makes.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function randomId16(): Buffer {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  pool.copy(bytes, 0, poolOffset, poolOffset + 16);
  poolOffset += 16;
  return bytes;
}

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

  const bytes = randomId16();
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
