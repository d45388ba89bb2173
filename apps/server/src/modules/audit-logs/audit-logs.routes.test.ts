import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { auditLogs, entityChanges, type NewAuditLogRow } from '../../platform/audit/audit-log.schema';
import { signedInCaller } from '../users/identity-test-callers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/audit-logs';
const AUDITOR = ['Homeward.AuditLogs'];

async function logEntry(values: Partial<NewAuditLogRow> & { tenantId: string | null }) {
  const id = values.id ?? uuidv7();
  await t.database.db.insert(auditLogs).values({
    id,
    executionTime: new Date('2026-03-01T10:00:00Z'),
    durationMs: 10,
    httpMethod: 'POST',
    url: '/api/identity/users',
    statusCode: 200,
    ...values,
  });
  return id;
}

async function change(values: Partial<typeof entityChanges.$inferInsert> & { tenantId: string | null }) {
  await t.database.db.insert(entityChanges).values({
    changeType: 'updated',
    entityType: 'users',
    entityId: 'u-1',
    propertyChanges: [{ propertyName: 'name', originalValue: 'Old', newValue: 'New' }],
    ...values,
  });
}

const idsOf = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

describe('audit logs API', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id, permissions: ['Homeward.Users'] });
    expect((await t.app.inject({ method: 'GET', url: BASE, headers })).statusCode).toBe(403);
  });

  it('lists the tenant’s entries newest first, with every filter', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id, permissions: AUDITOR });
    const day = (d: number) => new Date(`2026-03-0${d}T10:00:00Z`);
    const first = await logEntry({ tenantId: tenant.id, userName: 'anna', executionTime: day(1) });
    const second = await logEntry({
      tenantId: tenant.id,
      userName: 'bo',
      httpMethod: 'DELETE',
      url: '/api/devices/7',
      statusCode: 409,
      durationMs: 900,
      exceptions: 'DomainError: conflict',
      executionTime: day(2),
    });
    const third = await logEntry({
      tenantId: tenant.id,
      userName: 'anna',
      httpMethod: 'PUT',
      executionTime: day(3),
    });
    const list = async (query: string) => {
      const params = new URLSearchParams({
        startTime: '2026-03-01T00:00:00Z',
        endTime: '2026-04-01T00:00:00Z',
      });
      for (const [key, value] of new URLSearchParams(query)) params.set(key, value);
      const response = await t.app.inject({ method: 'GET', url: `${BASE}?${params}`, headers });
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    const all = await list('');
    expect(all.totalCount).toBe(3);
    expect(idsOf(all)).toEqual([third, second, first]);
    expect(idsOf(await list('userName=ANN'))).toEqual([third, first]);
    expect(idsOf(await list('httpMethod=DELETE'))).toEqual([second]);
    expect(idsOf(await list('url=devices'))).toEqual([second]);
    expect(idsOf(await list('statusCode=409'))).toEqual([second]);
    expect(idsOf(await list('minDuration=500'))).toEqual([second]);
    expect(idsOf(await list('hasException=true'))).toEqual([second]);
    expect(idsOf(await list('hasException=false'))).toEqual([third, first]);
    expect(idsOf(await list('endTime=2026-03-02T00:00:00Z'))).toEqual([first]);
    const page = await list('maxResultCount=1&skipCount=1');
    expect([page.totalCount, idsOf(page)]).toEqual([3, [second]]);
  });

  it('rejects bad filters with field errors', async () => {
    const { headers } = await signedInCaller(t, { tenantId: null, permissions: AUDITOR });
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}?statusCode=99&httpMethod=BREW&hasException=maybe&minDuration=-1`,
      headers,
    });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json()
      .error.validationErrors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['hasException', 'httpMethod', 'minDuration', 'statusCode']);
  });

  it('shows one entry with the entity changes of its request', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id, permissions: AUDITOR });
    const id = await logEntry({ tenantId: tenant.id });
    await change({ tenantId: tenant.id, auditLogId: id, entityId: 'u-detail' });
    await change({ tenantId: tenant.id, auditLogId: uuidv7(), entityId: 'u-other-request' });

    const response = await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(id);
    expect(response.json().entityChanges).toMatchObject([
      {
        entityId: 'u-detail',
        changeType: 'updated',
        propertyChanges: [{ propertyName: 'name', originalValue: 'Old', newValue: 'New' }],
      },
    ]);
    const missing = await t.app.inject({ method: 'GET', url: `${BASE}/${uuidv7()}`, headers });
    expect(missing.statusCode).toBe(404);
  });

  it('gives the history of one entity, newest first', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id, permissions: AUDITOR });
    const entityId = uuidv7();
    await change({
      tenantId: tenant.id,
      entityId,
      changeType: 'created',
      changeTime: new Date('2026-03-01T00:00:00Z'),
    });
    await change({
      tenantId: tenant.id,
      entityId,
      changeType: 'updated',
      changeTime: new Date('2026-03-02T00:00:00Z'),
    });
    await change({ tenantId: tenant.id, entityId, entityType: 'roles' });

    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/entity-changes?entityType=users&entityId=${entityId}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().totalCount).toBe(2);
    expect(response.json().items.map((c: { changeType: string }) => c.changeType)).toEqual([
      'updated',
      'created',
    ]);

    const noType = await t.app.inject({
      method: 'GET',
      url: `${BASE}/entity-changes?entityId=${entityId}`,
      headers,
    });
    expect(noType.statusCode).toBe(400);
  });

  it('never shows another tenant’s entries or entity changes, by list, id or history', async () => {
    const tenantA = await given(t.database.db).tenant();
    const tenantB = await given(t.database.db).tenant();
    const entityId = uuidv7();
    const id = await logEntry({ tenantId: tenantA.id, url: `/api/secret-of-a/${entityId}` });
    await change({ tenantId: tenantA.id, auditLogId: id, entityId });
    const { headers } = await signedInCaller(t, { tenantId: tenantB.id, permissions: AUDITOR });

    const list = await t.app.inject({ method: 'GET', url: `${BASE}?url=${entityId}`, headers });
    expect(list.json()).toEqual({ items: [], totalCount: 0 });
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers })).statusCode).toBe(404);
    const history = await t.app.inject({
      method: 'GET',
      url: `${BASE}/entity-changes?entityType=users&entityId=${entityId}`,
      headers,
    });
    expect(history.json()).toEqual({ items: [], totalCount: 0 });

    // The host sees only the host's own entries.
    const host = await signedInCaller(t, { tenantId: null, permissions: AUDITOR });
    const hostList = await t.app.inject({
      method: 'GET',
      url: `${BASE}?url=${entityId}`,
      headers: host.headers,
    });
    expect(hostList.json().totalCount).toBe(0);
  });
});
