import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../platform/audit/audit-log.schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { RecordingReportSink } from '../../../test/recording-report-sink';
import { OSMAND_API_PATH, startOsmAndServer, type OsmAndServer } from './osmand-routes';

const KNOWN = '353861053849681';
const now = new Date('2026-01-01T12:00:00Z');

describe(`${OSMAND_API_PATH} in the main app`, () => {
  let t: TestApp;
  const sink = new RecordingReportSink([KNOWN]);
  beforeAll(async () => {
    t = await buildTestApp({}, { reportSink: sink, gatewayClock: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a query-string report without sign-in and answers 200 with an empty body', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${OSMAND_API_PATH}?id=${KNOWN}&lat=55.67&lon=12.56&timestamp=1767268800&batt=70`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(sink.reports.at(-1)).toMatchObject({
      deviceIdentifier: KNOWN,
      kind: 'position',
      deviceTime: '2026-01-01T12:00:00.000Z',
      position: { lat: 55.67, lon: 12.56 },
      battery: { percent: 70 },
    });
  });

  it('takes a form body (Traccar Client 10) and returns a queued command in the body', async () => {
    sink.queueCommand(KNOWN, 'osmand', 'positionPeriodic');
    const response = await t.app.inject({
      method: 'POST',
      url: OSMAND_API_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${KNOWN}&lat=55.1&lon=12.1&timestamp=1767268790&speed=1.5&alarm=sos`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('positionPeriodic');
    expect(sink.reports.at(-1)).toMatchObject({
      kind: 'alarm',
      alarms: ['sos'],
      position: { speedKnots: 1.5 },
    });
    // Taken off the queue: the next report gets nothing.
    const next = await t.app.inject({ method: 'POST', url: `${OSMAND_API_PATH}?id=${KNOWN}` });
    expect(next.body).toBe('');
  });

  it('takes the JSON body and leaves queued commands alone for JSON clients', async () => {
    sink.queueCommand(KNOWN, 'osmand', 'kept');
    const response = await t.app.inject({
      method: 'POST',
      url: OSMAND_API_PATH,
      payload: {
        device_id: KNOWN,
        location: {
          timestamp: '2026-01-01T11:59:00Z',
          coords: { latitude: 55.2, longitude: 12.2, speed: 1, heading: 10, accuracy: 8, altitude: 4 },
          battery: { level: 0.5, is_charging: true },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(sink.reports.at(-1)).toMatchObject({
      battery: { percent: 50, charging: true },
      position: { lat: 55.2 },
    });
    expect(await sink.takeQueuedCommand(KNOWN, 'osmand')).toBe('kept');
  });

  it('answers an unknown device 404 for JSON and 400 for query, storing nothing', async () => {
    const count = sink.reports.length;
    const json = await t.app.inject({
      method: 'POST',
      url: OSMAND_API_PATH,
      payload: { device_id: 'stranger', location: { coords: { latitude: 1, longitude: 2 } } },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ error: { code: 'not_found', message: 'Unknown device stranger' } });
    const query = await t.app.inject({ method: 'GET', url: `${OSMAND_API_PATH}?id=stranger&lat=1&lon=2` });
    expect(query.statusCode).toBe(400);
    expect(sink.reports.length).toBe(count);
  });

  it('answers bad input 400 with the reason, never 500', async () => {
    const cases = [
      {
        method: 'GET' as const,
        url: `${OSMAND_API_PATH}?lat=1&lon=2`,
        reason: 'id (or deviceid) is required',
      },
      {
        method: 'GET' as const,
        url: `${OSMAND_API_PATH}?id=${KNOWN}&timestamp=soon`,
        reason: 'timestamp must be',
      },
      {
        method: 'GET' as const,
        url: `${OSMAND_API_PATH}?id=${KNOWN}&lat=%FF&lon=2`,
        reason: 'lat must be a number',
      },
    ];
    for (const { method, url, reason } of cases) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toContain(reason);
    }
    const badJson = await t.app.inject({
      method: 'POST',
      url: OSMAND_API_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"device_id": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.message).toBe('the body is not valid JSON');
    const binary = await t.app.inject({
      method: 'POST',
      url: OSMAND_API_PATH,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0xff, 0x00, 0x3d, 0x26]),
    });
    expect(binary.statusCode).toBe(400);
  });

  it('keeps device traffic out of the audit log', async () => {
    await t.app.inject({ method: 'POST', url: `${OSMAND_API_PATH}?id=${KNOWN}&lat=1&lon=2` });
    await t.app.auditLog.flush();
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(like(auditLogs.url, `${OSMAND_API_PATH}%`));
    expect(rows).toEqual([]);
  });
});

describe('OsmAnd on its own port over real HTTP', () => {
  let server: OsmAndServer;
  const sink = new RecordingReportSink([KNOWN]);
  beforeAll(async () => {
    server = await startOsmAndServer({ port: 0, host: '127.0.0.1', sink, clock: () => now });
  });
  afterAll(async () => {
    await server.close();
  });
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

  it('takes the legacy client (POST, empty body, data in the URL) on any path', async () => {
    const response = await fetch(
      url(
        `/?id=${KNOWN}&timestamp=1767268800&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&accuracy=0&batt=91`,
      ),
      {
        method: 'POST',
      },
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(sink.reports.at(-1)).toMatchObject({
      protocol: 'osmand',
      position: { lat: 60, lon: 30 },
      battery: { percent: 91 },
    });
    expect((await fetch(url(`/any/path?id=${KNOWN}`))).status).toBe(200);
  });

  it('takes a form body, returns a queued command, and refuses unknown devices', async () => {
    sink.queueCommand(KNOWN, 'osmand', 'alarmClear');
    const accepted = await fetch(url('/'), {
      method: 'POST',
      body: new URLSearchParams({ id: KNOWN, lat: '1', lon: '2', timestamp: '1767268800', charge: 'false' }),
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toBe('alarmClear');
    const unknown = await fetch(url('/'), {
      method: 'POST',
      body: new URLSearchParams({ id: 'nobody', lat: '1', lon: '2' }),
    });
    expect(unknown.status).toBe(400);
    const json = await fetch(url('/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: 'nobody', location: {} }),
    });
    expect(json.status).toBe(404);
  });

  it('answers 503 when the sink fails, so the client retries', async () => {
    const broken = new RecordingReportSink();
    broken.handleReport = async () => {
      throw new Error('database down');
    };
    const failing = await startOsmAndServer({ port: 0, host: '127.0.0.1', sink: broken });
    try {
      const response = await fetch(`http://127.0.0.1:${failing.port}/?id=1`);
      expect(response.status).toBe(503);
    } finally {
      await failing.close();
    }
  });
});
