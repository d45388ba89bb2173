import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordingReportSink } from '../../../test/recording-report-sink';
import { WatchFrameReader, type WatchFrame } from './watch-frame';
import { AMR_HEADER, escapeWatchBinary, voiceChunkFrame } from './voice-frames.fixture';
import { useWatchServer } from './watch-test-client';

/**
 * Voice messages from the watch (`JXTK` chunks, notes §1.4): binary audio inside the frame, LEN
 * counting the escaped bytes. Traccar answers each chunk with `JXTKR,1`; unanswered, the watch
 * resends the chunk forever. The audio itself is not kept.
 */
const WATCH = { manufacturer: 'ZJ', deviceId: '789468050042692' };
const indexed = (index: number) => ({ ...WATCH, index: index.toString(16).padStart(4, '0') });
const LINK = '[ZJ*789468050042692*003A*0009*LK,0,0,19]';

function readAll(chunks: Buffer[]): WatchFrame[] {
  const reader = new WatchFrameReader();
  return chunks.flatMap((chunk) => {
    const { frames, error } = reader.push(chunk);
    if (error) throw error;
    return frames;
  });
}

function split(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return [...points, bytes.length].map((point, index, all) => bytes.subarray(all[index - 1] ?? 0, point));
}

const audioBytes = fc.uint8Array({ minLength: 0, maxLength: 3000 });

describe('voice chunk framing', () => {
  it('reads a chunk whose LEN counts its escaped bytes, whatever bytes the audio holds', () => {
    fc.assert(
      fc.property(audioBytes, (audio) => {
        const frame = voiceChunkFrame(WATCH, { part: 1, total: 1, audio });
        const [read, ...rest] = readAll([frame]);
        expect(rest).toEqual([]);
        const escaped = escapeWatchBinary(audio);
        expect(read!.declaredLength).toBe(read!.content.length);
        expect(read!.content.subarray(read!.content.length - escaped.length).equals(escaped)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('cuts a chunk where LEN says, counting bytes: raw brackets and high bytes stay inside', () => {
    const audio = Buffer.concat([AMR_HEADER, Buffer.from([0x5d, 0xc3, 0xa9, 0xff, 0x5d, 0x00, 0x5b])]);
    const frame = voiceChunkFrame(WATCH, { part: 1, total: 2, audio }, { escape: false });
    const [read, link] = readAll([Buffer.concat([frame, Buffer.from(LINK)])]);
    expect(read!.content.subarray(read!.content.length - audio.length).equals(audio)).toBe(true);
    expect(link!.content.toString('latin1')).toBe('LK,0,0,19');
  });

  it('reads a chunk whose LEN lies by bracket depth (escaped audio holds no raw bracket)', () => {
    fc.assert(
      fc.property(audioBytes, fc.integer({ min: 0, max: 0xffff }), (audio, declaredLength) => {
        const frame = voiceChunkFrame(WATCH, { part: 1, total: 1, audio }, { declaredLength });
        const contentLength = readAll([frame])[0]!.content.length;
        // A lie that lands exactly on the next frame's `]` would join the two (LEN is trusted when
        // it points at a `]`, as real SSIDs hold raw brackets); no heuristic can tell that apart.
        fc.pre(declaredLength !== contentLength + LINK.length);
        const frames = readAll([Buffer.concat([frame, Buffer.from(LINK)])]);
        expect(frames.map((read) => read.content.subarray(0, 4).toString('latin1'))).toEqual([
          'JXTK',
          'LK,0',
        ]);
      }),
      { numRuns: 200 },
    );
  });

  it('reads six chunks and a link frame the same, however the stream is split', () => {
    fc.assert(
      fc.property(
        fc.array(audioBytes, { minLength: 6, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (audios, cuts) => {
          const stream = Buffer.concat([
            ...audios.map((audio, part) =>
              voiceChunkFrame(indexed(0x34 + part), { part: part + 1, total: 6, audio }),
            ),
            Buffer.from(LINK),
          ]);
          const whole = readAll([stream]);
          expect(whole).toHaveLength(7);
          expect(readAll(split(stream, cuts))).toEqual(whole);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('voice chunks over TCP', () => {
  let sink: RecordingReportSink;
  const open = useWatchServer([WATCH.deviceId], (world) => ({ sink } = world));

  it('answers each of six chunks sent in one write with JXTKR,1, echoing its index, and stays in step', async () => {
    const client = await open();
    const audio = (part: number) =>
      Buffer.concat([
        part === 1 ? AMR_HEADER : Buffer.alloc(0),
        Buffer.from(Array.from({ length: 1058 }, (_, i) => (i * 37 + part) % 256)),
      ]);
    const chunks = [1, 2, 3, 4, 5, 6].map((part) =>
      voiceChunkFrame(indexed(0x33 + part), { part, total: 6, audio: audio(part) }),
    );
    await client.write(Buffer.concat([...chunks, Buffer.from(LINK)]));
    const received = await client.waitFor('[ZJ*789468050042692*003A*0002*LK]');
    expect(received).toBe(
      [0x34, 0x35, 0x36, 0x37, 0x38, 0x39]
        .map((index) => `[ZJ*789468050042692*00${index.toString(16)}*0007*JXTKR,1]`)
        .join('') + '[ZJ*789468050042692*003A*0002*LK]',
    );
    const reports = await sink.waitForReports(7);
    expect(reports.slice(0, 6).map((report) => [report.kind, report.attributes.voicePart])).toEqual(
      [1, 2, 3, 4, 5, 6].map((part) => ['heartbeat', part]),
    );
    expect(reports.every((report) => report.position === undefined)).toBe(true);
  });

  it('answers a chunk split across many writes once it is whole', async () => {
    const client = await open();
    const frame = voiceChunkFrame(indexed(0x40), {
      part: 1,
      total: 1,
      audio: Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 131) % 256)),
    });
    for (let start = 0; start < frame.length; start += 997)
      await client.write(frame.subarray(start, start + 997));
    expect(await client.waitFor('JXTKR,1')).toBe('[ZJ*789468050042692*0040*0007*JXTKR,1]');
  });

  it("does not answer a stranger's chunk", async () => {
    const client = await open();
    const stranger = voiceChunkFrame(
      { manufacturer: '3G', deviceId: '9999999999' },
      { part: 1, total: 1, audio: AMR_HEADER },
    );
    await client.write(Buffer.concat([stranger, Buffer.from(LINK)]));
    expect(await client.waitFor('*LK]')).toBe('[ZJ*789468050042692*003A*0002*LK]');
  });
});
