import { crc32, deflateSync } from 'node:zlib';

/*
 * Test pictures made in the test, so no binary is committed: a PNG written by hand (signature,
 * IHDR, IDAT, IEND), which is all a PNG needs.
 */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * An RGB PNG of `width` × `height`. `noise` fills it with pseudo-random pixels stored without
 * compression, so its size is about width × height × 3 bytes (a large "photo"); otherwise a
 * diagonal blend of the product's blue and pink, which compresses to a small file.
 */
export function testPng(width: number, height: number, { noise = false } = {}): Buffer {
  const rows: Buffer[] = [];
  let seed = 12345;
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0: none
    for (let x = 0; x < width; x += 1) {
      const offset = 1 + x * 3;
      if (noise) {
        for (let channel = 0; channel < 3; channel += 1) {
          seed = (seed * 1103515245 + 12345) >>> 0;
          row[offset + channel] = seed >>> 24;
        }
      } else {
        const mix = (x + y) / (width + height);
        row[offset] = Math.round(0x09 + (0xee - 0x09) * mix);
        row[offset + 1] = Math.round(0x32 + (0x4d - 0x32) * mix);
        row[offset + 2] = Math.round(0x45 + (0x9b - 0x45) * mix);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: noise ? 0 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
