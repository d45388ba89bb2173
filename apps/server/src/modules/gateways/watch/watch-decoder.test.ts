import { zDeviceReport } from '@homeward/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeWatchFrame } from './watch-decoder';
import { WatchFrameReader, type WatchFrame } from './watch-frame';
import { REAL_FRAMES } from './watch-frames.fixture';

const frameOf = (text: string | Buffer): WatchFrame => {
  const { frames } = new WatchFrameReader().push(Buffer.isBuffer(text) ? text : Buffer.from(text));
  if (frames.length !== 1) throw new Error(`expected one frame in ${String(text)}`);
  return frames[0]!;
};
/** Close to the frames' own times, so the time sanity rule keeps them. */
const receivedAt = new Date('2016-03-12T14:05:00Z');
const decode = (text: string, at = receivedAt) => decodeWatchFrame(frameOf(text), at);

describe('decodeWatchFrame', () => {
  it('answers LK and reads steps, rolls and battery', () => {
    const decoded = decode(REAL_FRAMES.link);
    expect(decoded.reply).toBe('LK');
    expect(decoded.report).toMatchObject({
      deviceIdentifier: '4700186508',
      protocol: 'watch',
      kind: 'heartbeat',
      battery: { percent: 100 },
      attributes: { steps: 0, rolls: 10, manufacturer: '3G' },
      deviceTime: receivedAt.toISOString(),
    });
    expect(decode(REAL_FRAMES.linkShort).report?.battery).toBeUndefined();
  });

  it('reads the UD2 worked example: fix, speed in knots, cells and Wi-Fi', () => {
    const { report, reply } = decode(REAL_FRAMES.upload2);
    expect(reply).toBeUndefined();
    expect(report).toMatchObject({
      kind: 'position',
      deviceTime: '2016-03-12T14:04:44.000Z',
      position: { lat: 48.779045, lon: 9.1574736, valid: true, bearing: 12.8, altitude: 0, speedKnots: 0.31 },
      battery: { percent: 77 },
      alarms: [],
      attributes: { satellites: 7, gsmSignal: 28, steps: 0, status: '00000000' },
    });
    expect(report!.cells).toEqual([
      { mcc: 262, mnc: 1, lac: 21041, cid: 9067, rssi: 121 },
      { mcc: 262, mnc: 1, lac: 21041, cid: 5981, rssi: 116 },
    ]);
    expect(report!.wifis).toHaveLength(5);
    expect(report!.wifis[0]).toEqual({ mac: '34:31:c4:c8:a9:22', rssi: -67, ssid: 'WG-Superlativ' });
  });

  it('reads the SOS alarm of an AL_LTE frame without a fix and answers AL', () => {
    const { report, reply } = decode(REAL_FRAMES.sos, new Date('2025-05-17T21:41:30Z'));
    expect(reply).toBe('AL');
    expect(report).toMatchObject({ kind: 'alarm', alarms: ['sos'], battery: { percent: 22 } });
    // 0,0 is "no position", never a place.
    expect(report!.position).toBeUndefined();
  });

  it('reads the fall alarm, the stationary state bit, cells and accuracy', () => {
    const { report } = decode(REAL_FRAMES.fall, new Date('2017-08-23T09:54:00Z'));
    expect(report).toMatchObject({
      kind: 'alarm',
      alarms: ['fall'],
      position: { lat: 47.08395, lon: 15.482185, valid: true, accuracyMeters: 65.8 },
      attributes: { stationary: true },
    });
    expect(report!.cells).toHaveLength(2);
  });

  it('decodes every alarm bit on its own with SOS first, and states apart from alarms', () => {
    const frame = (status: string) =>
      `[SG*1234567890*0000*AL,010121,101010,V,0,N,0,E,0,0,0,0,0,50,0,0,${status},0,0,0]`;
    const at = new Date('2021-01-01T10:10:00Z');
    expect(decode(frame('00230001'), at).report).toMatchObject({
      alarms: ['sos', 'fall', 'lowBattery'],
      attributes: { lowBatteryState: true },
    });
    expect(decode(frame('00100000'), at).report?.alarms).toEqual(['removal']);
    expect(decode(frame('00000000'), at).report?.alarms).toEqual(['general']);
    // Old firmware sends 4 digits.
    expect(decode(frame('0001'), at).report?.alarms).toEqual(['general']);
  });

  it('handles signs, hemispheres, hex cell ids and FFFF placeholders', () => {
    const at = new Date('2021-01-01T10:10:00Z');
    const south = decode(
      '[3G*1234567890*0000*UD_LTE,010121,101010,A,-33.480366,N,-70.7630692,E,0,0,0,5,50,60,0,0,00000000,1,255,730,1,55C0,3B882A2,-80,0,0]',
      at,
    ).report!;
    expect(south.position).toMatchObject({ lat: -33.480366, lon: -70.7630692 });
    expect(south.cells).toEqual([{ mcc: 730, mnc: 1, lac: 0x55c0, cid: 0x3b882a2, rssi: -80 }]);
    const west = decode(
      '[3G*1234567890*0000*UD,010121,101010,A,40.1,S,3.5,W,0,0,0,5,50,60,0,0,00000000,1,255,FFFF,FFFF,1,2,3,0]',
      at,
    ).report!;
    expect(west.position).toMatchObject({ lat: -40.1, lon: -3.5 });
    expect(west.cells).toEqual([]);
  });

  it('keeps an invalid-fix point as not valid and drops its placeholder speed', () => {
    const { report } = decode(
      '[3G*1234567890*0000*UD,010121,101010,V,55.6761,N,12.5683,E,22.0,0,-1,0,50,60,0,0,00000000,0,0]',
      new Date('2021-01-01T10:10:00Z'),
    );
    expect(report!.position).toEqual({ lat: 55.6761, lon: 12.5683, valid: false });
  });

  it('replaces a device time far in the future or unreadable with the receive time, keeping the original', () => {
    const at = new Date('2026-11-23T12:00:00Z');
    const future = decode(
      '[3G*1234567890*0000*UD,231126,180000,A,55.6,N,12.5,E,0,0,0,5,50,60,0,0,00000000,0,0]',
      at,
    ).report!;
    expect(future.deviceTime).toBe(at.toISOString());
    expect(future.attributes.originalDeviceTime).toBe('231126,180000');
    expect(future.old).toBeUndefined();
    const impossible = decode(
      '[3G*1234567890*0000*UD,310226,000000,V,0,N,0,E,0,0,0,0,50,60,0,0,00000000,0,0]',
      at,
    ).report!;
    expect(impossible.attributes.originalDeviceTime).toBe('310226,000000');
  });

  it('keeps the time of a report over 30 days old (a re-upload, or a reset clock) and flags it old', () => {
    const at = new Date('2026-11-23T12:00:00Z');
    const reupload = decode(
      '[3G*1234567890*0000*UD2,011026,093000,A,55.6,N,12.5,E,0,0,0,5,50,60,0,0,00000000,0,0]',
      at,
    ).report!;
    expect(reupload).toMatchObject({ deviceTime: '2026-10-01T09:30:00.000Z', old: true });
    expect(reupload.attributes.originalDeviceTime).toBeUndefined();
    const reset = decode(
      '[3G*1234567890*0000*UD,010100,000000,V,0,N,0,E,0,0,0,0,50,60,0,0,00000000,0,0]',
      at,
    ).report!;
    expect(reset).toMatchObject({ deviceTime: '2000-01-01T00:00:00.000Z', old: true });
    expect(decode(REAL_FRAMES.upload2).report!.old).toBeUndefined();
  });

  it('answers CONFIG and keeps its settings', () => {
    const { report, reply } = decode(REAL_FRAMES.config);
    expect(reply).toBe('CONFIG,1');
    expect(report).toMatchObject({ kind: 'config', attributes: { 'config.TY': 'G75', 'config.UL': 600 } });
  });

  it('turns health readings into heartbeats and ignores command echoes and voice from the watch', () => {
    expect(decode(REAL_FRAMES.pulse).report?.attributes).toMatchObject({ heartRate: 72 });
    expect(decode(REAL_FRAMES.bloodPressure)).toMatchObject({
      reply: 'bphrt',
      report: { attributes: { systolic: 120, diastolic: 79, heartRate: 73 } },
    });
    expect(decode(REAL_FRAMES.oxygen).report?.attributes).toMatchObject({ spo2: 98 });
    expect(decode(REAL_FRAMES.voiceQuery).reply).toBe('TKQ');
    expect(decode(REAL_FRAMES.commandEcho)).toEqual({ type: 'UPLOAD' });
    expect(decode('[3G*1234567890*0008*TK,\x7d\x01\x7d\x02]')).toEqual({ type: 'TK' });
  });

  it('answers every voice chunk with JXTKR,1 and reads which part it is, never the audio', () => {
    const chunk = Buffer.concat([
      Buffer.from('[ZJ*789468050042692*0034*0015*JXTK,0,watch_7_20220526093954,2,6,', 'latin1'),
      Buffer.from([0x23, 0x21, 0x7d, 0x04, 0x7d, 0x02, 0xff, 0x00, 0x7d, 0x03, 0x0a]),
      Buffer.from(']'),
    ]);
    const decoded = decodeWatchFrame(frameOf(chunk), receivedAt);
    expect(decoded).toMatchObject({
      type: 'JXTK',
      reply: 'JXTKR,1',
      report: {
        deviceIdentifier: '789468050042692',
        kind: 'heartbeat',
        deviceTime: receivedAt.toISOString(),
        attributes: { voicePart: 2, voiceParts: 6, manufacturer: 'ZJ' },
      },
    });
    expect(decoded.report!.position).toBeUndefined();
    // Even a chunk whose header fields are cut short is answered: the watch would resend it forever.
    expect(decode('[3G*1234567890*0004*JXTK]')).toMatchObject({ reply: 'JXTKR,1' });
    expect(decode('[3G*1234567890*0007*JXTK,0,x]').report!.attributes).toEqual({ manufacturer: '3G' });
  });

  it('still answers an AL frame that does not parse', () => {
    const { reply, report } = decode('[3G*1234567890*0002*AL]');
    expect(reply).toBe('AL');
    expect(report).toMatchObject({ kind: 'alarm', alarms: ['general'] });
  });

  it('gives reports the contract accepts for every real frame', () => {
    for (const frame of Object.values(REAL_FRAMES)) {
      const { report } = decode(frame);
      if (report) expect(zDeviceReport.safeParse(report).success, frame).toBe(true);
    }
  });

  it('never throws, and always gives a valid report, for fuzzed location fields', () => {
    const field = fc.oneof(
      fc.constantFrom(
        '',
        '0',
        'A',
        'V',
        'N',
        'S',
        'E',
        'W',
        'FFFF',
        '255',
        '-1',
        ' 9.15',
        '00010000',
        'zz',
        '999999999999',
      ),
      fc.string({ maxLength: 12 }).filter((text) => !/[,[\]]/.test(text)),
      fc.double({ noNaN: true }).map(String),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('UD', 'UD2', 'AL', 'LK', 'CONFIG', 'WT', 'heart'),
        fc.array(field, { maxLength: 40 }),
        (type, fields) => {
          const content = [type, ...fields].join(',');
          const frame = frameOf(`[3G*1234567890*0000*${content}]`);
          const { report } = decodeWatchFrame(frame, receivedAt);
          if (report) expect(zDeviceReport.safeParse(report).success).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
