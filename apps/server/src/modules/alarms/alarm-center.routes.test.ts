import type { AlarmDetail, AlarmListResponse, AlarmStatistics, LookupResponse } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import {
  alarmsOf,
  ALARM_PERMISSIONS,
  callerWith,
  givenWatch,
  report,
  reportTime,
} from './alarms-test-support';
import { givenAlarm, givenSubUnit, moveCitizen } from './alarm-center-test-support';

/**
 * The alarm center's API: the organization filter, the times to acknowledge and handle of each
 * alarm and as median / p90 over the filters (known values), which report raised an alarm, the
 * filters' lookups, bad input, and that one tenant's figures never count another's alarms.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function tenantWithCaller(permissions = ALARM_PERMISSIONS) {
  const tenantId = (await given(t.database.db).tenant()).id;
  return { tenantId, caller: await callerWith(t, tenantId, permissions) };
}

const BASE = new Date('2026-11-20T08:00:00.000Z');
const at = (minutes: number) => new Date(BASE.getTime() + minutes * 60_000);

/**
 * A tenant with three SOS alarms acknowledged after 10, 20 and 60 s (two of them handled after 30
 * and 100 s) on one citizen's watch, and an open fall alarm on another's.
 */
async function tenantWithKnownTimes() {
  const { tenantId, caller } = await tenantWithCaller();
  const inge = await givenWatch(t, tenantId, { citizen: true });
  const other = await givenWatch(t, tenantId, { citizen: true });
  const a = await givenAlarm(t, inge, { kind: 'sos', firstAt: at(0), acknowledgeAfter: 10, handleAfter: 30 });
  const b = await givenAlarm(t, inge, {
    kind: 'sos',
    firstAt: at(10),
    acknowledgeAfter: 20,
    handleAfter: 100,
  });
  const c = await givenAlarm(t, inge, { kind: 'sos', firstAt: at(20), acknowledgeAfter: 60 });
  const d = await givenAlarm(t, other, { kind: 'fall', firstAt: at(30) });
  return { tenantId, caller, inge, other, ids: { a, b, c, d } };
}

describe('GET /api/alarms/statistics', () => {
  it('gives the count, the open ones and the median / p90 (percentile_cont) of both times', async () => {
    const { caller } = await tenantWithKnownTimes();
    const response = await caller.send('GET', '/api/alarms/statistics');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AlarmStatistics>()).toEqual({
      count: 4,
      open: 1,
      // 10, 20, 60: the median is 20; p90 interpolates at 0.9 × 2 = 1.8 → 20 + 0.8 × 40 = 52.
      acknowledged: { count: 3, median: 20, p90: 52 },
      // 30, 100: the median is 65; p90 = 30 + 0.9 × 70 = 93.
      handled: { count: 2, median: 65, p90: 93 },
    });
  });

  it('applies the list filters: kind, state, citizen, organization and period', async () => {
    const { caller, inge, other } = await tenantWithKnownTimes();
    const figures = async (query: string) =>
      (await caller.send('GET', `/api/alarms/statistics?${query}`)).json<AlarmStatistics>();
    expect(await figures('kind=fall')).toEqual({
      count: 1,
      open: 1,
      acknowledged: { count: 0, median: null, p90: null },
      handled: { count: 0, median: null, p90: null },
    });
    expect(await figures('state=handled')).toMatchObject({ count: 2, acknowledged: { median: 15 } });
    expect(await figures(`citizenId=${other.citizenId}`)).toMatchObject({ count: 1, open: 1 });
    expect(await figures(`organizationId=${inge.organizationId}`)).toMatchObject({
      count: 3,
      open: 0,
      acknowledged: { count: 3, median: 20 },
    });
    // The last of Inge's alarms was raised at +20 min: a period up to +15 min holds the first two.
    const to = encodeURIComponent(at(15).toISOString());
    expect(await figures(`citizenId=${inge.citizenId}&to=${to}`)).toMatchObject({
      count: 2,
      acknowledged: { median: 15, p90: 19 },
    });
    const from = encodeURIComponent(at(25).toISOString());
    expect(await figures(`from=${from}`)).toMatchObject({ count: 1, open: 1 });
  });

  it("never counts another tenant's alarms, nor finds them by A's citizen or organization", async () => {
    const a = await tenantWithKnownTimes();
    const b = await tenantWithCaller();
    const bWatch = await givenWatch(t, b.tenantId, { citizen: true });
    await givenAlarm(t, bWatch, { kind: 'sos', firstAt: at(5), acknowledgeAfter: 500, handleAfter: 900 });

    const aFigures = (await a.caller.send('GET', '/api/alarms/statistics')).json<AlarmStatistics>();
    expect(aFigures).toMatchObject({ count: 4, acknowledged: { count: 3, median: 20, p90: 52 } });
    const bFigures = (await b.caller.send('GET', '/api/alarms/statistics')).json<AlarmStatistics>();
    expect(bFigures).toEqual({
      count: 1,
      open: 0,
      acknowledged: { count: 1, median: 500, p90: 500 },
      handled: { count: 1, median: 900, p90: 900 },
    });
    for (const query of [`citizenId=${a.inge.citizenId}`, `organizationId=${a.inge.organizationId}`]) {
      const stats = (await b.caller.send('GET', `/api/alarms/statistics?${query}`)).json<AlarmStatistics>();
      expect(stats.count).toBe(0);
      const list = (await b.caller.send('GET', `/api/alarms?${query}`)).json<AlarmListResponse>();
      expect(list).toEqual({ items: [], totalCount: 0 });
    }
    const lookup = await b.caller.send('GET', '/api/alarms/citizen-lookup?take=100');
    expect(lookup.json<LookupResponse>().items.map((item) => item.id)).toEqual([bWatch.citizenId]);
    const units = await b.caller.send('GET', '/api/alarms/organization-lookup?take=100');
    expect(units.json<LookupResponse>().items.map((item) => item.id)).not.toContain(a.inge.organizationId);
  });

  it('refuses bad filters with field errors, and callers without Homeward.Alarms', async () => {
    const { caller } = await tenantWithCaller();
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['to=2026-13-45T00:00:00Z', 'to'],
      ['kind=earthquake', 'kind'],
      ['state=forgotten', 'state'],
      ['organizationId=not-a-uuid', 'organizationId'],
      ['citizenId=42', 'citizenId'],
    ]) {
      const response = await caller.send('GET', `/api/alarms/statistics?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.validationErrors.map((error: { field: string }) => error.field)).toContain(
        field,
      );
    }
    const lookup = await caller.send('GET', '/api/alarms/citizen-lookup?take=1000');
    expect(lookup.statusCode).toBe(400);
    const nobody = await callerWith(t, (await given(t.database.db).tenant()).id, []);
    expect((await nobody.send('GET', '/api/alarms/statistics')).statusCode).toBe(403);
    expect((await nobody.send('GET', '/api/alarms/citizen-lookup')).statusCode).toBe(403);
    expect((await nobody.send('GET', '/api/alarms/organization-lookup')).statusCode).toBe(403);
  });
});

describe('GET /api/alarms (alarm center)', () => {
  it('gives each alarm its seconds to acknowledge and to handle, null while not done', async () => {
    const { caller, ids } = await tenantWithKnownTimes();
    const list = (await caller.send('GET', '/api/alarms?maxResultCount=100')).json<AlarmListResponse>();
    const times = Object.fromEntries(
      list.items.map((alarm) => [alarm.id, [alarm.secondsToAcknowledge, alarm.secondsToHandle]]),
    );
    expect(times).toEqual({
      [ids.a]: [10, 30],
      [ids.b]: [20, 100],
      [ids.c]: [60, null],
      [ids.d]: [null, null],
    });
    const detail = (await caller.send('GET', `/api/alarms/${ids.b}`)).json<AlarmDetail>();
    expect(detail).toMatchObject({ secondsToAcknowledge: 20, secondsToHandle: 100 });
  });

  it('filters by organization, the units below it included', async () => {
    const { tenantId, caller } = await tenantWithCaller();
    const parent = await givenWatch(t, tenantId, { citizen: true });
    const team = await givenWatch(t, tenantId, { citizen: true });
    const elsewhere = await givenWatch(t, tenantId, { citizen: true });
    const subUnit = await givenSubUnit(t, tenantId, parent.organizationId);
    await moveCitizen(t, team.citizenId!, subUnit);
    const inParent = await givenAlarm(t, parent, { kind: 'sos', firstAt: at(1) });
    const inTeam = await givenAlarm(t, team, { kind: 'fall', firstAt: at(2) });
    await givenAlarm(t, elsewhere, { kind: 'sos', firstAt: at(3) });

    const list = async (organizationId: string) =>
      (await caller.send('GET', `/api/alarms?organizationId=${organizationId}`)).json<AlarmListResponse>();
    expect((await list(parent.organizationId)).items.map((alarm) => alarm.id)).toEqual([inTeam, inParent]);
    expect((await list(subUnit)).items.map((alarm) => alarm.id)).toEqual([inTeam]);
    expect(await list('00000000-0000-4000-8000-000000000000')).toEqual({ items: [], totalCount: 0 });
  });

  it("the citizen lookup finds the tenant's citizens by name", async () => {
    const { tenantId, caller } = await tenantWithCaller();
    const watch = await givenWatch(t, tenantId, { citizen: true });
    const found = await caller.send('GET', '/api/alarms/citizen-lookup?filter=inge%20jen');
    expect(found.json<LookupResponse>()).toEqual({
      items: [{ id: watch.citizenId, displayName: 'Inge Jensen' }],
      totalCount: 1,
    });
    const none = await caller.send('GET', '/api/alarms/citizen-lookup?filter=Nobody');
    expect(none.json<LookupResponse>().totalCount).toBe(0);
  });
});

describe('the created entry', () => {
  it('says which report raised the alarm: protocol, device time and position', async () => {
    const { tenantId, caller } = await tenantWithCaller();
    const watch = await givenWatch(t, tenantId, { citizen: true });
    expect((await report(t, watch.device.imei, 60, { alarm: 'sos', accuracy: 12 })).statusCode).toBe(200);
    const [alarm] = await alarmsOf(t, watch.device.id);
    const detail = (await caller.send('GET', `/api/alarms/${alarm!.id}`)).json<AlarmDetail>();
    const created = detail.history.find((entry) => entry.action === 'created');
    expect(created?.detail).toEqual({
      count: 1,
      report: {
        protocol: 'osmand',
        kind: expect.any(String),
        deviceTime: reportTime(60).toISOString(),
        receivedAt: expect.any(String),
        position: { lat: 56.15, lon: 10.2, valid: true, accuracyMeters: 12 },
      },
    });
  });
});
