import { describe, expect, it } from 'vitest';
import type { RecordingReportSink } from '../../../test/recording-report-sink';
import type { WatchServer } from './watch-server';
import { REAL_FRAMES } from './watch-frames.fixture';
import { useWatchServer } from './watch-test-client';

describe('watch server over TCP', () => {
  let sink: RecordingReportSink;
  let server: WatchServer;
  const open = useWatchServer(
    ['4700186508', '8800000015', '6907919734', '4700222306', '014111001350304'],
    (world) => ({ sink, server } = world),
  );

  it('answers LK and AL, and stores LK, UD and AL reports', async () => {
    const client = await open();
    await client.write(REAL_FRAMES.link);
    await client.waitFor('[3G*4700186508*0002*LK]');
    await client.write(REAL_FRAMES.upload2 + REAL_FRAMES.sos);
    await client.waitFor('[3G*6907919734*0002*AL]');
    const reports = await sink.waitForReports(3);
    expect(reports.map((report) => [report.deviceIdentifier, report.kind])).toEqual([
      ['4700186508', 'heartbeat'],
      ['4700222306', 'position'],
      ['6907919734', 'alarm'],
    ]);
    expect(reports[2]!.alarms).toEqual(['sos']);
  });

  it('handles frames split across writes and coalesced in one, replying in order', async () => {
    const client = await open();
    const stream = REAL_FRAMES.link + REAL_FRAMES.linkShort + REAL_FRAMES.linkIndexed;
    for (let start = 0; start < stream.length; start += 7) await client.write(stream.slice(start, start + 7));
    const received = await client.waitFor('[ZJ*014111001350304*0034*0002*LK]');
    expect(received).toBe('[3G*4700186508*0002*LK][SG*8800000015*0002*LK][ZJ*014111001350304*0034*0002*LK]');
  });

  it('answers every frame of a flood, pausing the socket rather than queueing without bound', async () => {
    const client = await open();
    await client.write(REAL_FRAMES.linkShort.repeat(150));
    await sink.waitForReports(150);
    const reply = '[SG*8800000015*0002*LK]';
    const received = await client.waitFor(reply.repeat(150));
    expect(received).toBe(reply.repeat(150));
  });

  it('closes a garbage connection while another keeps working', async () => {
    const good = await open();
    const bad = await open();
    await bad.write(Buffer.from([0x5b, 0xff, 0xfe, 0x00, 0x2a, 0x5d]));
    await bad.closed;
    await good.write(REAL_FRAMES.link);
    await good.waitFor('[3G*4700186508*0002*LK]');
    expect(server.connectionCount()).toBe(1);
  });

  it('closes a connection sending a bad length field', async () => {
    const bad = await open();
    await bad.write('[SG*8800000015*XYZW*LK]');
    await bad.closed;
    expect(sink.reports).toEqual([]);
  });

  it('does not answer an unknown watch and stores nothing of it', async () => {
    const client = await open();
    await client.write('[3G*9999999999*0002*LK]');
    await client.write(REAL_FRAMES.linkShort);
    const received = await client.waitFor('[SG*8800000015*0002*LK]');
    expect(received).toBe('[SG*8800000015*0002*LK]');
    expect(sink.reports.map((report) => report.deviceIdentifier)).toEqual(['8800000015']);
  });

  it('sends a command down the open connection, and a queued one after a report', async () => {
    const client = await open();
    expect(server.sendCommand('8800000015', 'CR')).toBe(false);
    await client.write(REAL_FRAMES.linkShort);
    await client.waitFor('[SG*8800000015*0002*LK]');
    expect(server.sendCommand('8800000015', 'UPLOAD,600')).toBe(true);
    await client.waitFor('[SG*8800000015*000A*UPLOAD,600]');

    sink.queueCommand('8800000015', 'watch', 'FIND');
    await client.write(REAL_FRAMES.linkShort);
    const received = await client.waitFor('[SG*8800000015*0004*FIND]');
    // The reply comes first, then the command.
    expect(received.endsWith('[SG*8800000015*0002*LK][SG*8800000015*0004*FIND]')).toBe(true);
    expect(() => server.sendCommand('8800000015', 'BAD]COMMAND')).toThrow(/Not a watch command/);
  });

  it('knows which watches are connected, and hands their command replies to the sink', async () => {
    const client = await open();
    expect(server.isConnected('8800000015')).toBe(false);
    await client.write(REAL_FRAMES.linkShort);
    await client.waitFor('[SG*8800000015*0002*LK]');
    expect(server.isConnected('8800000015')).toBe(true);
    await client.write('[SG*8800000015*0002*CR]');
    while (sink.answers.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(sink.answers).toEqual([{ deviceIdentifier: '8800000015', answer: { keyword: 'CR' } }]);
  });

  it('forgets the connection of a watch that disconnected', async () => {
    const client = await open();
    await client.write(REAL_FRAMES.linkShort);
    await client.waitFor('[SG*8800000015*0002*LK]');
    client.socket.destroy();
    await client.closed;
    while (server.connectionCount() > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(server.sendCommand('8800000015', 'CR')).toBe(false);
  });
});
