import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeWatchFrame, MAX_BUFFERED_BYTES, WatchFrameReader, type WatchFrame } from './watch-frame';
import { REAL_FRAMES } from './watch-frames.fixture';

const contentOf = (frame: WatchFrame) => frame.content.toString('utf8');
const readAll = (chunks: Buffer[]) => {
  const reader = new WatchFrameReader();
  const frames: WatchFrame[] = [];
  for (const chunk of chunks) {
    const result = reader.push(chunk);
    frames.push(...result.frames);
    if (result.error) return { frames, error: result.error };
  }
  return { frames };
};

/** Cuts `bytes` at the given offsets (sorted, deduplicated, inside the buffer). */
function split(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Buffer[] = [];
  let previous = 0;
  for (const point of [...points, bytes.length]) {
    parts.push(bytes.subarray(previous, point));
    previous = point;
  }
  return parts;
}

describe('WatchFrameReader', () => {
  it('reads the header fields and content of real frames', () => {
    const { frames } = readAll([Buffer.from(REAL_FRAMES.link)]);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ manufacturer: '3G', deviceId: '4700186508', declaredLength: 11 });
    expect(frames[0]!.index).toBeUndefined();
    expect(contentOf(frames[0]!)).toBe('LK,0,10,100');
  });

  it('reads the ZJ sequence index before the length', () => {
    const [frame] = readAll([Buffer.from(REAL_FRAMES.linkIndexed)]).frames;
    expect(frame).toMatchObject({
      manufacturer: 'ZJ',
      deviceId: '014111001350304',
      index: '0034',
      declaredLength: 9,
    });
    expect(contentOf(frame!)).toBe('LK,0,0,19');
  });

  it('does not reject a frame whose length lies', () => {
    const [frame] = readAll([Buffer.from(REAL_FRAMES.linkWrongLength)]).frames;
    expect(contentOf(frame!)).toBe('LK,0,100');
  });

  it('keeps raw brackets of an SSID inside the frame', () => {
    const [frame] = readAll([Buffer.from(REAL_FRAMES.bracketSsid)]).frames;
    expect(contentOf(frame!)).toContain('[LG_Wall-Mount A/C]e725,aa:bb:cc:dd:ee:ff,-60,15');
  });

  it('reads several frames from one read, as a 3G watch sends them', () => {
    const stream = REAL_FRAMES.link + REAL_FRAMES.upload2 + REAL_FRAMES.voiceQuery + REAL_FRAMES.link;
    const { frames } = readAll([Buffer.from(stream)]);
    expect(frames.map((frame) => contentOf(frame).split(',')[0])).toEqual(['LK', 'UD2', 'TKQ', 'LK']);
  });

  it('skips bytes before a frame and waits for a frame split across reads', () => {
    const reader = new WatchFrameReader();
    expect(reader.push(Buffer.from('\r\nnoise[SG*8800000015*00')).frames).toEqual([]);
    expect(reader.push(Buffer.from('02*L')).frames).toEqual([]);
    const { frames, error } = reader.push(Buffer.from('K]'));
    expect(error).toBeUndefined();
    expect(frames.map(contentOf)).toEqual(['LK']);
  });

  it('reports a bad length field, a bad id and non-ASCII header bytes as errors', () => {
    expect(readAll([Buffer.from('[SG*8800000015*00G2*LK]')]).error?.message).toMatch(/length/);
    expect(readAll([Buffer.from('[SG*88000X0015*0002*LK]')]).error?.message).toMatch(/device id/);
    expect(readAll([Buffer.from([0x5b, 0xc3, 0xa9, 0x2a, 0x31])]).error?.message).toMatch(/manufacturer/);
  });

  it('keeps the frames before an error and refuses everything after it', () => {
    const reader = new WatchFrameReader();
    const result = reader.push(Buffer.from(`${REAL_FRAMES.linkShort}[SG*1*zz`));
    expect(result.frames.map(contentOf)).toEqual(['LK']);
    expect(result.error).toBeDefined();
    expect(reader.push(Buffer.from(REAL_FRAMES.linkShort)).frames).toEqual([]);
  });

  it('gives up when too much is buffered without a complete frame', () => {
    const reader = new WatchFrameReader();
    const { error } = reader.push(Buffer.from(`[SG*8800000015*0002*UD,${'x'.repeat(MAX_BUFFERED_BYTES)}`));
    expect(error?.message).toMatch(/without a complete frame/);
  });

  it('decodes any split of valid frames exactly as the whole stream', () => {
    const frames = Object.values(REAL_FRAMES);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...frames), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (chosen, cuts) => {
          const stream = Buffer.from(chosen.join(''));
          const whole = readAll([stream]);
          const pieces = readAll(split(stream, cuts));
          expect(whole.error).toBeUndefined();
          expect(pieces.error).toBeUndefined();
          expect(pieces.frames).toEqual(whole.frames);
          expect(whole.frames).toHaveLength(chosen.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on random bytes, whole or split', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.array(fc.nat(), { maxLength: 8 }), (bytes, cuts) => {
        const buffer = Buffer.from(bytes);
        expect(() => readAll([buffer])).not.toThrow();
        expect(() => readAll(split(buffer, cuts))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on valid frames with bytes mutated', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(REAL_FRAMES)),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 5 }),
        (frame, mutations) => {
          const bytes = Buffer.from(frame);
          for (const [position, value] of mutations) bytes[position % bytes.length] = value;
          expect(() => readAll([bytes])).not.toThrow();
        },
      ),
    );
  });
});

describe('encodeWatchFrame', () => {
  it('writes the byte length in four hex digits and echoes the index', () => {
    expect(encodeWatchFrame({ manufacturer: '3G', deviceId: '8800000015' }, 'UPLOAD,600').toString()).toBe(
      '[3G*8800000015*000A*UPLOAD,600]',
    );
    expect(
      encodeWatchFrame({ manufacturer: 'ZJ', deviceId: '014111001350304', index: '0034' }, 'LK').toString(),
    ).toBe('[ZJ*014111001350304*0034*0002*LK]');
  });

  it('round-trips through the reader', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9,:.]{1,200}$/), (content) => {
        const encoded = encodeWatchFrame({ manufacturer: 'SG', deviceId: '1234567890' }, content);
        const [frame] = readAll([encoded]).frames;
        expect(contentOf(frame!)).toBe(content);
        expect(frame!.declaredLength).toBe(content.length);
      }),
    );
  });
});
