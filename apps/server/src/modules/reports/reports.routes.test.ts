import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { apiCaller, bearer, signInTenantCallers, type TestTokens } from '../../test/sign-in';
import { securityLogs } from '../security-logs/security-logs.schema';
import { CSV_BOM } from './report-csv';
import { givenAlarm, givenDevice, parseCsv, readXlsx } from './reports-test-support';

let t: TestApp;
let admin: TestTokens;
let viewer: TestTokens;
let otherTenantAdmin: TestTokens;
let tenantId: string;
let otherTenantId: string;
let call: ReturnType<typeof apiCaller>;
let handlerName: string;

beforeAll(async () => {
  t = await buildTestApp();
  call = apiCaller(t);
  ({ admin, viewer, otherTenantAdmin, tenantId, otherTenantId } = await signInTenantCallers(t, {
    admin: ['Homeward.Reports'],
    viewer: ['Homeward.Devices'],
  }));
  const db = t.database.db;
  const g = given(db);
  const handler = await g.user({ tenantId, userName: `handler.${tenantId.slice(0, 8)}` });
  handlerName = handler.userName;
  const north = await g.organization(tenantId, 'North care');
  const south = await g.organization(tenantId, 'South care');
  const [n1, n2, s1] = [
    await givenDevice(db, tenantId, north.id, 'Watch N1'),
    await givenDevice(db, tenantId, north.id, 'Watch N2'),
    await givenDevice(db, tenantId, south.id, 'Watch S1'),
  ];
  const alarm = (deviceId: string, firstAt: string, ack: number | null, handle: number | null) =>
    givenAlarm(db, {
      tenantId,
      deviceId,
      firstAt,
      acknowledgeAfter: ack,
      handleAfter: handle,
      userId: handler.id,
    });
  // March, North: acknowledged after 30, 60, 90 and 240 s; handled after 120, 300 and 600 s.
  await alarm(n1.id, '2026-03-02T08:00:00Z', 30, 120);
  await alarm(n1.id, '2026-03-05T08:00:00Z', 60, 300);
  await alarm(n1.id, '2026-03-09T08:00:00Z', 90, 600);
  await alarm(n1.id, '2026-03-20T08:00:00Z', 240, null);
  await alarm(n2.id, '2026-03-21T08:00:00Z', null, null);
  // March, South: one acknowledged after 5 s. April, North: 10 s and 20 s.
  await alarm(s1.id, '2026-03-15T23:59:59Z', 5, null);
  await alarm(n2.id, '2026-04-01T00:00:00Z', 10, 20);
  // Tenant B's alarm in the same month must never show in A's reports.
  const other = await g.organization(otherTenantId, 'Other tenant care');
  const otherDevice = await givenDevice(db, otherTenantId, other.id, 'Foreign watch');
  await givenAlarm(db, {
    tenantId: otherTenantId,
    deviceId: otherDevice.id,
    firstAt: '2026-03-03T08:00:00Z',
    acknowledgeAfter: 1,
  });

  await db.insert(securityLogs).values([
    {
      tenantId,
      identity: 'Identity',
      action: 'LoginSucceeded',
      userName: 'Søren',
      createdAt: new Date('2026-03-10T10:00:00Z'),
    },
    {
      tenantId,
      identity: 'Identity',
      action: 'LoginFailed',
      userName: '=HYPERLINK("http://evil","x")',
      browserInfo: 'Agent, "quoted"\nsecond line',
      createdAt: new Date('2026-03-11T10:00:00Z'),
    },
    {
      tenantId,
      identity: 'Identity',
      action: 'LoginFailed',
      userName: 'outside',
      createdAt: new Date('2026-02-11T10:00:00Z'),
    },
    {
      tenantId: otherTenantId,
      identity: 'Identity',
      action: 'LoginFailed',
      userName: 'foreigner',
      createdAt: new Date('2026-03-11T10:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

const download = (tokens: TestTokens, path: string, language = 'en') =>
  t.app.inject({ method: 'GET', url: path, headers: { ...bearer(tokens), 'accept-language': language } });

function csvOf(body: Buffer): string[][] {
  const text = body.toString('utf8');
  expect(text.startsWith(CSV_BOM)).toBe(true);
  return parseCsv(text.slice(CSV_BOM.length));
}

const MARCH = 'from=2026-03-01&to=2026-03-31';

describe('device alarms report', () => {
  it('gives each alarm its time to acknowledge and to handle in seconds, as CSV', async () => {
    const response = await download(admin, `/api/reports/device-alarms.csv?${MARCH}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="device-alarms-.*\.csv"$/);
    const [header, ...rows] = csvOf(response.rawPayload);
    expect(header).toContain('Time to acknowledge (s)');
    const at = (name: string) => header!.indexOf(name);
    // Six alarms of tenant A in March, oldest first; April's and tenant B's are not there.
    expect(rows.map((row) => row[at('Raised')])).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-05T08:00:00.000Z',
      '2026-03-09T08:00:00.000Z',
      '2026-03-15T23:59:59.000Z',
      '2026-03-20T08:00:00.000Z',
      '2026-03-21T08:00:00.000Z',
    ]);
    expect(rows.map((row) => row[at('Time to acknowledge (s)')])).toEqual(['30', '60', '90', '5', '240', '']);
    expect(rows.map((row) => row[at('Time to handle (s)')])).toEqual(['120', '300', '600', '', '', '']);
    expect(rows[0]![at('Organization')]).toBe('North care');
    expect(rows[0]![at('Handled by')]).toBe(handlerName);
    expect(rows[0]![at('Alarm')]).toBe('SOS');
    expect(response.body).not.toContain('Foreign watch');
  });

  it('has the monthly median and p90 per organization, computed by hand, in the xlsx summary sheet', async () => {
    const response = await download(admin, '/api/reports/device-alarms.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    const sheets = await readXlsx(response.rawPayload);
    expect([...sheets.keys()]).toEqual(['Device alarms', 'Device alarms, monthly summary']);
    const alarmRows = sheets.get('Device alarms')!;
    expect(alarmRows).toHaveLength(1 + 7);
    expect(alarmRows[1]![0]).toEqual(new Date('2026-03-02T08:00:00Z'));
    expect(alarmRows[1]![9]).toBe(30);
    const [header, ...summary] = sheets.get('Device alarms, monthly summary')!;
    expect(header).toEqual([
      'Month',
      'Organization',
      'Alarms',
      'Acknowledged',
      'Time to acknowledge, median (s)',
      'Time to acknowledge, p90 (s)',
      'Handled',
      'Time to handle, median (s)',
      'Time to handle, p90 (s)',
    ]);
    // North, March: acknowledged after 30, 60, 90, 240 s → median (60 + 90) / 2 = 75; p90 at rank
    // 0.9 × (4 − 1) = 2.7 → 90 + 0.7 × (240 − 90) = 195. Handled after 120, 300, 600 s → median 300;
    // p90 at rank 0.9 × 2 = 1.8 → 300 + 0.8 × (600 − 300) = 540. One of five alarms is still open.
    expect(summary).toEqual([
      ['2026-03', 'North care', 5, 4, 75, 195, 3, 300, 540],
      // No alarm handled: empty cells (exceljs leaves trailing empty cells out of a row's values).
      ['2026-03', 'South care', 1, 1, 5, 5, 0],
      ['2026-04', 'North care', 1, 1, 10, 10, 1, 20, 20],
    ]);
  });

  it('is also a report of its own as CSV, with headers in the caller’s language', async () => {
    const response = await download(admin, `/api/reports/device-alarm-summary.csv?${MARCH}`, 'da');
    const [header, ...rows] = csvOf(response.rawPayload);
    expect(header![0]).toBe('Måned');
    expect(header![4]).toBe('Tid til kvittering, median (s)');
    expect(rows).toEqual([
      ['2026-03', 'North care', '5', '4', '75', '195', '3', '300', '540'],
      ['2026-03', 'South care', '1', '1', '5', '5', '0', '', ''],
    ]);
  });
});

describe('security logs report', () => {
  it('lists the period’s entries as CSV, quoted by RFC 4180 and safe from formula injection', async () => {
    const response = await download(admin, `/api/reports/security-logs.csv?${MARCH}`);
    const text = response.rawPayload.toString('utf8');
    expect(text).toContain('"\'=HYPERLINK(""http://evil"",""x"")"');
    const [header, ...rows] = csvOf(response.rawPayload);
    expect(header).toEqual([
      'Time',
      'Action',
      'Identity',
      'User name',
      'Client',
      'IP address',
      'Browser',
      'Correlation id',
    ]);
    expect(rows.map((row) => row[3])).toEqual(['Søren', '\'=HYPERLINK("http://evil","x")']);
    expect(rows[1]![6]).toBe('Agent, "quoted"\nsecond line');
  });

  it('lists the same entries as xlsx, the formula kept as text', async () => {
    const response = await download(admin, `/api/reports/security-logs.xlsx?${MARCH}`, 'da');
    const [header, ...rows] = (await readXlsx(response.rawPayload)).get('Sikkerhedslogge')!;
    expect(header![0]).toBe('Tidspunkt');
    expect(rows.map((row) => row[3])).toEqual(['Søren', '=HYPERLINK("http://evil","x")']);
    expect(rows[0]![0]).toEqual(new Date('2026-03-10T10:00:00Z'));
  });
});

describe('user overview and devices reports', () => {
  it('lists the tenant’s users with their state, in both formats', async () => {
    const csv = csvOf((await download(admin, '/api/reports/user-overview.csv')).rawPayload);
    const names = csv.slice(1).map((row) => row[0]);
    expect(names).toContain(handlerName);
    expect(csv[1]![4]).toBe('true');
    const xlsx = (await readXlsx((await download(admin, '/api/reports/user-overview.xlsx')).rawPayload)).get(
      'User overview',
    )!;
    expect(xlsx.slice(1).map((row) => row[0])).toEqual(names);
    expect(xlsx[1]![4]).toBe(true);
  });

  it('lists the tenant’s devices with their organization, in both formats', async () => {
    const csv = csvOf((await download(admin, '/api/reports/devices.csv')).rawPayload);
    expect(csv.slice(1).map((row) => [row[0], row[4]])).toEqual([
      ['Watch N1', 'North care'],
      ['Watch N2', 'North care'],
      ['Watch S1', 'South care'],
    ]);
    const xlsx = (await readXlsx((await download(admin, '/api/reports/devices.xlsx')).rawPayload)).get(
      'Devices',
    )!;
    expect(xlsx.slice(1).map((row) => row[0])).toEqual(['Watch N1', 'Watch N2', 'Watch S1']);
  });
});

describe('report access and input', () => {
  it('refuses every report and schedule call without Homeward.Reports (403)', async () => {
    for (const url of [
      '/api/reports/devices.csv',
      '/api/reports/device-alarms.xlsx',
      '/api/reports/schedules',
    ]) {
      expect((await call(viewer, 'GET', url)).statusCode).toBe(403);
    }
    const created = await call(viewer, 'POST', '/api/reports/schedules', {
      kind: 'devices',
      format: 'csv',
      recipients: ['a@example.com'],
      dayOfMonth: 1,
    });
    expect(created.statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/reports/devices.csv')).statusCode).toBe(401);
  });

  it('answers 400 for an unknown report or format, a reversed period or a bad date', async () => {
    for (const url of [
      '/api/reports/everything.csv',
      '/api/reports/devices.pdf',
      '/api/reports/device-alarms.csv?from=2026-04-01&to=2026-03-01',
      '/api/reports/device-alarms.csv?from=yesterday',
      '/api/reports/device-alarms.csv?from=2000-01-01&to=2026-01-01',
    ]) {
      const response = await call(admin, 'GET', url);
      expect(response.statusCode, url).toBe(400);
    }
    const reversed = await call(admin, 'GET', '/api/reports/device-alarms.csv?from=2026-04-01&to=2026-03-01');
    expect(reversed.json().error.validationErrors).toEqual([
      expect.objectContaining({ field: 'to', message: 'reports:fromAfterTo' }),
    ]);
  });

  it('never shows tenant A’s rows to tenant B', async () => {
    const alarms = csvOf((await download(otherTenantAdmin, '/api/reports/device-alarms.csv')).rawPayload);
    expect(alarms.slice(1).map((row) => row[3])).toEqual(['Foreign watch']);
    const logs = csvOf(
      (await download(otherTenantAdmin, `/api/reports/security-logs.csv?${MARCH}`)).rawPayload,
    );
    expect(logs.slice(1).map((row) => row[3])).toEqual(['foreigner']);
    const devices = (await download(otherTenantAdmin, '/api/reports/devices.xlsx')).rawPayload;
    const sheet = (await readXlsx(devices)).get('Devices')!;
    expect(sheet.slice(1).map((row) => row[0])).toEqual(['Foreign watch']);
    const users = csvOf((await download(otherTenantAdmin, '/api/reports/user-overview.csv')).rawPayload);
    expect(users.slice(1).map((row) => row[0])).not.toContain(handlerName);
  });
});
