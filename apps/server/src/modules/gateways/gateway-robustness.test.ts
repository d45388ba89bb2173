import { connect } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEST_METRICS_TOKEN, type TestApp } from '../../test/build-test-app';
import {
  eventually,
  givenDevice,
  positionsOf,
  usePipelineTestApp,
} from '../telemetry/telemetry-test-support';
import { createGatewayMetrics, type GatewayMetrics } from './gateway-metrics';
import { encodeWatchFrame } from './watch/watch-frame';

/**
 * The gateways against hostile and repeated input, through the real TCP, HTTP and MQTT paths:
 * random bytes never crash them and are counted as bad frames (`GET /metrics`), and the same
 * report sent three times through any protocol is stored once.
 */
let t: TestApp;
let tenantId: string;
let watchPort: number;
/** The app's gateway counters: its OsmAnd route and MQTT ingest, and the watch gateway beside it. */
let gatewayMetrics: GatewayMetrics;
usePipelineTestApp(
  (world) => {
    ({ t, tenantId, watchPort } = world);
    gatewayMetrics = createGatewayMetrics(world.t.metrics);
  },
  { watchGateway: true },
);

/** Writes `bytes` on a new watch connection and resolves when the server has closed it or `ms` passed. */
async function sendRaw(bytes: Uint8Array, ms = 300): Promise<Buffer> {
  const socket = connect(watchPort, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.on('error', () => undefined);
  socket.write(bytes);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  socket.destroy();
  return Buffer.concat(received);
}

const watchTime = (at: Date) => ({
  date: at.toISOString().slice(2, 10).split('-').reverse().join(''),
  time: at.toISOString().slice(11, 19).replace(/:/g, ''),
});

function udFrame(watchId: string, at: Date): Buffer {
  const { date, time } = watchTime(at);
  const content = `UD,${date},${time},A,56.100000,N,10.100000,E,0,0,0,9,100,77,0,0,00000000,0,0,0`;
  return encodeWatchFrame({ manufacturer: '3G', deviceId: watchId }, content);
}

async function metricsText(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('random and broken device input', () => {
  it('never crashes the watch gateway; bad frames are counted and a real watch keeps working', async () => {
    const before = gatewayMetrics.badFrames('watch');
    // A bad length field always closes the connection as a bad frame.
    await sendRaw(Buffer.from('[3G*1234567890*ZZZZ*LK]'));
    expect(gatewayMetrics.badFrames('watch')).toBe(before + 1);

    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 512 }), async (bytes) => {
        await sendRaw(bytes, 50);
      }),
      { numRuns: 40 },
    );
    // Frame-shaped garbage: brackets and stars with random, often non-ASCII, bytes in between.
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 64 }), async (inner) => {
        await sendRaw(
          Buffer.concat([Buffer.from('[SG*'), inner, Buffer.from('*00ff*'), inner, Buffer.from(']')]),
          50,
        );
      }),
      { numRuns: 20 },
    );
    expect(gatewayMetrics.badFrames('watch')).toBeGreaterThan(before + 1);
    expect(await metricsText()).toMatch(/homeward_gateway_bad_frames_total\{protocol="watch"\} \d+/);

    const device = await givenDevice(t.database.db, tenantId);
    const answer = await sendRaw(udFrame(device.deviceIdentifier!, new Date(Date.now() - 1000)), 1000);
    expect(answer.toString('latin1')).toBe('');
    await eventually(async () => (await positionsOf(t.database.db, device.id)).length === 1);
  });

  it('answers random OsmAnd requests with 400 or 404, never 500, and counts them', async () => {
    const before = gatewayMetrics.badFrames('osmand');
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 200 }),
        async (query, body) => {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/gateway/osmand?${encodeURI(query)}`,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: Buffer.from(body),
          });
          expect([400, 404, 415]).toContain(response.statusCode);
        },
      ),
      { numRuns: 60 },
    );
    const missingId = await t.app.inject({ method: 'GET', url: '/api/gateway/osmand?lat=1&lon=2' });
    expect(missingId.statusCode).toBe(400);
    expect(gatewayMetrics.badFrames('osmand')).toBeGreaterThan(before);
  });

  it('drops random MQTT payloads without storing anything, counting each', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const before = gatewayMetrics.badFrames('mqtt');
    const payloads = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 300 }), { numRuns: 20, seed: 7 });
    for (const payload of payloads) {
      await t.mqtt.publish(`homeward/devices/${device.imei}/report`, Buffer.from(payload));
    }
    await t.mqtt.publish(`homeward/devices/${device.imei}/report`, '{"deviceTime": "not a time"}');
    await eventually(async () => gatewayMetrics.badFrames('mqtt') >= before + payloads.length + 1);
    expect(await positionsOf(t.database.db, device.id)).toEqual([]);
  });
});

describe('the same report sent three times', () => {
  const at = () => new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000);

  it('is stored once over OsmAnd HTTP', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const url = `/api/gateway/osmand?id=${device.imei}&timestamp=${at().getTime() / 1000}&lat=56.2&lon=10.2&batt=80`;
    for (let i = 0; i < 3; i += 1) {
      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    }
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(1);
  });

  it('is stored once over the watch TCP protocol, each on a new connection as a retrying watch does', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const frame = udFrame(device.deviceIdentifier!, at());
    const before = gatewayMetrics.reports('watch', 'accepted');
    for (let i = 0; i < 3; i += 1) await sendRaw(frame, 100);
    // Each connection is handled on its own: wait until all three were accepted (and so applied).
    await eventually(async () => gatewayMetrics.reports('watch', 'accepted') >= before + 3);
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(1);
  });

  it('is stored once over MQTT', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const payload = JSON.stringify({
      deviceTime: at().toISOString(),
      position: { lat: 56.3, lon: 10.3, valid: true },
      battery: { percent: 70 },
    });
    const before = gatewayMetrics.reports('mqtt', 'accepted');
    for (let i = 0; i < 3; i += 1) await t.mqtt.publish(`homeward/devices/${device.imei}/report`, payload);
    // Messages are handled concurrently: wait until all three were accepted (and so applied).
    await eventually(async () => gatewayMetrics.reports('mqtt', 'accepted') >= before + 3);
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(1);
  });
});
