import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { RealtimeEvent } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { freePort } from '../../test/free-port';
import { createTelemetryService } from '../telemetry/telemetry.service';
import {
  eventually,
  givenDevice,
  openPipelineTestApp,
  positionsOf,
} from '../telemetry/telemetry-test-support';
import { startDeviceGateways, type DeviceGateways } from './device-gateways';
import { createGatewayMetrics, type GatewayMetrics } from './gateway-metrics';
import { encodeWatchFrame } from './watch/watch-frame';

/**
 * Text PostgreSQL cannot store (a NUL, an unpaired surrogate) is refused by each adapter for that
 * request or frame alone, through the real OsmAnd port, watch port and broker, while other devices'
 * reports flow beside it (issue 15: `?id=%00` beside normal traffic failed other watches' reports).
 */
let t: TestApp;
let tenantId: string;
let close: () => Promise<void>;
let gateways: DeviceGateways;
/** The app's gateway counters, which the gateways on their own ports count into too (as in main.ts). */
let gatewayMetrics: GatewayMetrics;
const events: RealtimeEvent[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

beforeAll(async () => {
  ({ t, tenantId, close } = await openPipelineTestApp(events));
  gatewayMetrics = createGatewayMetrics(t.metrics);
  gateways = await startDeviceGateways({
    config: { host: '127.0.0.1', gatewayWatchPort: await freePort(), gatewayOsmandPort: await freePort() },
    sink: createTelemetryService({ db: t.database.db, metrics: t.metrics }),
    metrics: gatewayMetrics,
  });
});
afterAll(async () => {
  agent.destroy();
  await gateways?.close();
  await close?.();
});

/** One request to the OsmAnd gateway's own port; resolves with the status and body. */
function osmand(
  path: string,
  body?: { type: string; text: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: gateways.osmand!.port,
        path,
        method: body ? 'POST' : 'GET',
        agent,
        headers: body ? { 'content-type': body.type } : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('error', reject);
    request.end(body?.text);
  });
}

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

describe('OsmAnd requests with text the database cannot store', () => {
  it('get 400 each, while every good report sent beside them, concurrently, is accepted and stored', async () => {
    const watches = await Promise.all(
      Array.from({ length: 150 }, () => givenDevice(t.database.db, tenantId)),
    );
    const base = Date.now() - 120_000;
    const good = watches.flatMap((watch, index) =>
      [0, 1].map(
        (step) =>
          `/?id=${watch.imei}&timestamp=${epochSeconds(new Date(base + step * 1000))}` +
          `&lat=${56 + index / 1000}&lon=10.1&batt=80`,
      ),
    );
    const json = 'application/json';
    const form = 'application/x-www-form-urlencoded';
    const bad = watches.map((watch, index): { path: string; body?: { type: string; text: string } } => {
      const id = watch.imei;
      switch (index % 6) {
        case 0:
          return { path: '/?id=%00&lat=56.1&lon=10.1' };
        case 1:
          return { path: `/?id=${id}%00&lat=56.1&lon=10.1` };
        case 2:
          return { path: `/?id=${id}&lat=56.1&lon=10.1&note=a%00b` };
        case 3:
          return {
            path: '/',
            body: { type: json, text: `{"device_id":"${id}","location":{"extras":{"\\u0000":1}}}` },
          };
        case 4:
          return { path: '/', body: { type: form, text: `id=${id}&lat=1&lon=2&a%00=1` } };
        default:
          return { path: '/', body: { type: json, text: `{"device_id":"${id}\\ud800","location":{}}` } };
      }
    });
    // Interleaved: every batch the pipeline forms under this load holds good and bad requests alike.
    const sends = good.flatMap((path, index) => {
      const goodSend = osmand(path).then((answer) => ({ good: true, answer }));
      if (index % 2 === 1) return [goodSend];
      const { path: badPath, body } = bad[index / 2]!;
      return [goodSend, osmand(badPath, body).then((answer) => ({ good: false, answer }))];
    });
    const answers = await Promise.all(sends);

    const goodAnswers = answers.filter((sent) => sent.good).map((sent) => sent.answer.status);
    const badAnswers = answers.filter((sent) => !sent.good).map((sent) => sent.answer);
    expect(goodAnswers).toEqual(good.map(() => 200));
    expect(badAnswers).toHaveLength(150);
    for (const answer of badAnswers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatch(/NUL character|unpaired surrogate/);
    }
    for (const watch of watches) expect(await positionsOf(t.database.db, watch.id)).toHaveLength(2);
  });
});

describe('watch frames with NUL bytes', () => {
  const open = async (): Promise<Socket> => {
    const socket = connect(gateways.watch!.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    return socket;
  };
  const watchDate = (at: Date) => at.toISOString().slice(2, 10).split('-').reverse().join('');
  const watchTime = (at: Date) => at.toISOString().slice(11, 19).replace(/:/g, '');

  it('keep an alarm whose Wi-Fi name is NUL padding (a hidden network), and drop a frame whose type holds a NUL, keeping the connection', async () => {
    const watch = await givenDevice(t.database.db, tenantId);
    const id = watch.deviceIdentifier!;
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000);
    const socket = await open();
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const before = gatewayMetrics.badFrames('watch');

    socket.write(encodeWatchFrame({ manufacturer: '3G', deviceId: id }, 'L\u0000K,0,0,90'));
    const sos =
      `AL,${watchDate(at)},${watchTime(at)},A,56.100000,N,10.100000,E,0,0,0,9,100,77,0,0,00010000,0,` +
      '1,\u0000\u0000\u0000\u0000,aa:bb:cc:dd:ee:01,-60,10';
    socket.write(encodeWatchFrame({ manufacturer: '3G', deviceId: id }, sos));

    // The AL is acknowledged on the same connection, after the dropped frame.
    await eventually(async () => Buffer.concat(received).toString('latin1').includes(`[3G*${id}*0002*AL]`));
    expect(gatewayMetrics.badFrames('watch')).toBe(before + 1);
    expect(socket.destroyed).toBe(false);
    expect(await positionsOf(t.database.db, watch.id)).toMatchObject([{ latitude: 56.1, kind: 'alarm' }]);
    socket.destroy();
  });
});

describe('MQTT reports with text the database cannot store', () => {
  it('are dropped and counted, and the device’s next good report is stored', async () => {
    const watch = await givenDevice(t.database.db, tenantId);
    const topic = `homeward/devices/${watch.imei}/report`;
    const at = new Date(Date.now() - 10_000).toISOString();
    const before = gatewayMetrics.badFrames('mqtt');
    const position = { lat: 56.2, lon: 10.2, valid: true };
    await t.mqtt.publish(
      topic,
      JSON.stringify({ deviceTime: at, position, attributes: { note: 'a\u0000' } }),
    );
    await t.mqtt.publish(topic, JSON.stringify({ deviceTime: at, position, attributes: { '\ud800': 1 } }));
    await eventually(async () => gatewayMetrics.badFrames('mqtt') >= before + 2);
    expect(await positionsOf(t.database.db, watch.id)).toEqual([]);

    await t.mqtt.publish(topic, JSON.stringify({ deviceTime: at, position }));
    await eventually(async () => (await positionsOf(t.database.db, watch.id)).length === 1);
  });
});
