import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/outbox/outbox.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { apiCaller, signInTenantCallers, type TestTokens } from '../../test/sign-in';
import { previousMonthPeriod, sendDueReportSchedules } from './report-schedule-job';

let t: TestApp;
let admin: TestTokens;
let otherTenantAdmin: TestTokens;
let tenantId: string;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = apiCaller(t);
  ({ admin, otherTenantAdmin, tenantId } = await signInTenantCallers(t, {
    admin: ['Homeward.Reports'],
    viewer: [],
  }));
});
afterAll(async () => {
  await t.close();
});

const valid = {
  kind: 'device-alarms',
  format: 'xlsx',
  recipients: ['lead@example.com', 'Ops@example.com'],
  dayOfMonth: 3,
};
const fieldErrors = (response: { json(): { error: { validationErrors?: unknown[] } } }) =>
  response.json().error.validationErrors;

describe('report schedules', () => {
  it('creates, lists, changes and deletes a schedule', async () => {
    const created = await call(admin, 'POST', '/api/reports/schedules', valid);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...valid, language: 'en', lastSentMonth: null });
    const id = created.json().id as string;
    expect(
      (await call(admin, 'GET', '/api/reports/schedules')).json().items.map((s: { id: string }) => s.id),
    ).toContain(id);

    const changed = await call(admin, 'PUT', `/api/reports/schedules/${id}`, {
      ...valid,
      format: 'csv',
      dayOfMonth: 28,
      language: 'da',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ format: 'csv', dayOfMonth: 28, language: 'da' });

    expect((await call(admin, 'DELETE', `/api/reports/schedules/${id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/reports/schedules/${id}`)).statusCode).toBe(404);
  });

  it('names the field of every invalid value', async () => {
    const cases: [object, string, string][] = [
      [{ recipients: [] }, 'recipients', 'reports:recipientsRequired'],
      [{ recipients: ['not-an-address'] }, 'recipients.0', 'validation.email'],
      [{ recipients: ['a@example.com', 'A@example.com'] }, 'recipients.1', 'reports:duplicateRecipient'],
      [{ dayOfMonth: 29 }, 'dayOfMonth', 'validation.numberMax'],
      [{ dayOfMonth: 0 }, 'dayOfMonth', 'validation.numberMin'],
      [{ kind: 'invoices' }, 'kind', 'validation.invalid'],
      [{ format: 'pdf' }, 'format', 'validation.invalid'],
      [{ recipients: [`${'a'.repeat(300)}@example.com`] }, 'recipients.0', 'validation.maxLength'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call(admin, 'POST', '/api/reports/schedules', { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldErrors(response), JSON.stringify(change)).toContainEqual(
        expect.objectContaining({ field, message }),
      );
    }
    const nul = await call(admin, 'POST', '/api/reports/schedules', {
      ...valid,
      recipients: ['a\u0000@example.com'],
    });
    expect(nul.statusCode).toBe(400);
  });

  it('lets no other tenant see, change or delete a schedule', async () => {
    const id = (await call(admin, 'POST', '/api/reports/schedules', valid)).json().id as string;
    const list = await call(otherTenantAdmin, 'GET', '/api/reports/schedules');
    expect(list.json().items.map((s: { id: string }) => s.id)).not.toContain(id);
    expect((await call(otherTenantAdmin, 'PUT', `/api/reports/schedules/${id}`, valid)).statusCode).toBe(404);
    expect((await call(otherTenantAdmin, 'DELETE', `/api/reports/schedules/${id}`)).statusCode).toBe(404);
    await call(admin, 'DELETE', `/api/reports/schedules/${id}`);
  });
});

describe('the monthly report e-mail', () => {
  it('is queued once per schedule and month, on or after its day, with a link to last month’s report', async () => {
    const created = await call(admin, 'POST', '/api/reports/schedules', { ...valid, dayOfMonth: 5 });
    const id = created.json().id as string;
    const deps = { db: t.database.db, publicUrl: 'https://homeward.example' };
    const emailsOfTenant = () => t.database.db.select().from(outbox).where(eq(outbox.tenantId, tenantId));

    expect(await sendDueReportSchedules({ ...deps, now: () => new Date('2026-06-04T23:00:00Z') })).toBe(0);
    expect(await emailsOfTenant()).toHaveLength(0);

    expect(await sendDueReportSchedules({ ...deps, now: () => new Date('2026-06-05T06:00:00Z') })).toBe(1);
    // The same month again, later that day and later that month: nothing more.
    expect(await sendDueReportSchedules({ ...deps, now: () => new Date('2026-06-05T07:00:00Z') })).toBe(0);
    expect(await sendDueReportSchedules({ ...deps, now: () => new Date('2026-06-30T07:00:00Z') })).toBe(0);
    const june = await emailsOfTenant();
    expect(june.map((email) => email.recipient).sort()).toEqual(['Ops@example.com', 'lead@example.com']);
    expect(june[0]!.subject).toBe('Device alarms for 2026-05');
    expect(june[0]!.body).toContain(
      'https://homeward.example/reports?kind=device-alarms&format=xlsx&from=2026-05-01&to=2026-05-31',
    );
    const listed = (await call(admin, 'GET', '/api/reports/schedules')).json().items;
    expect(listed.find((s: { id: string }) => s.id === id).lastSentMonth).toBe('2026-06');

    // Two runs of the next month at once (two workers): one e-mail per recipient, not two.
    const july = () => sendDueReportSchedules({ ...deps, now: () => new Date('2026-07-09T06:00:00Z') });
    const results = await Promise.all([july(), july()]);
    expect(results.sort()).toEqual([0, 1]);
    expect(await emailsOfTenant()).toHaveLength(4);
    await call(admin, 'DELETE', `/api/reports/schedules/${id}`);
  });

  it('reports on the whole previous calendar month', () => {
    expect(previousMonthPeriod(new Date('2026-03-01T00:00:00Z'))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      month: '2026-02',
    });
    expect(previousMonthPeriod(new Date('2026-01-15T12:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
      month: '2025-12',
    });
  });
});
