import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { signedInCaller } from '../users/identity-test-callers';
import { securityLogs } from './security-logs.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/identity/security-logs';

async function logEntry(values: Partial<typeof securityLogs.$inferInsert> & { tenantId: string | null }) {
  await t.database.db
    .insert(securityLogs)
    .values({ identity: 'Identity', action: 'LoginSucceeded', ...values });
}

describe('security logs API', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id, permissions: ['Homeward.Users'] });
    expect((await t.app.inject({ method: 'GET', url: BASE, headers })).statusCode).toBe(403);
  });

  it('lists the tenant’s entries newest first, with filters', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id });
    await logEntry({
      tenantId: tenant.id,
      userName: 'anna',
      clientId: 'branded',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    await logEntry({
      tenantId: tenant.id,
      userName: 'bo',
      action: 'LoginFailed',
      clientId: 'plug-and-play',
      createdAt: new Date('2026-01-02T10:00:00Z'),
    });
    await logEntry({
      tenantId: tenant.id,
      userName: 'anna',
      action: 'Logout',
      createdAt: new Date('2026-01-03T10:00:00Z'),
    });
    const query = 'startTime=2026-01-01T00:00:00Z&endTime=2026-02-01T00:00:00Z';

    const all = await t.app.inject({ method: 'GET', url: `${BASE}?${query}`, headers });
    expect(all.json().totalCount).toBe(3);
    expect(all.json().items.map((e: { action: string }) => e.action)).toEqual([
      'Logout',
      'LoginFailed',
      'LoginSucceeded',
    ]);

    const byAction = await t.app.inject({
      method: 'GET',
      url: `${BASE}?${query}&action=LoginFailed`,
      headers,
    });
    expect(byAction.json().items.map((e: { userName: string }) => e.userName)).toEqual(['bo']);
    const byUser = await t.app.inject({ method: 'GET', url: `${BASE}?${query}&userName=ANN`, headers });
    expect(byUser.json().totalCount).toBe(2);
    const byClient = await t.app.inject({ method: 'GET', url: `${BASE}?${query}&clientId=plug`, headers });
    expect(byClient.json().totalCount).toBe(1);
    const byTime = await t.app.inject({
      method: 'GET',
      url: `${BASE}?startTime=2026-01-02T00:00:00Z&endTime=2026-01-03T00:00:00Z`,
      headers,
    });
    expect(byTime.json().items.map((e: { userName: string }) => e.userName)).toEqual(['bo']);
    const oldest = await t.app.inject({
      method: 'GET',
      url: `${BASE}?${query}&sorting=createdAt asc&maxResultCount=1`,
      headers,
    });
    expect(oldest.json()).toMatchObject({ totalCount: 3, items: [{ action: 'LoginSucceeded' }] });
    const badTime = await t.app.inject({ method: 'GET', url: `${BASE}?startTime=yesterday`, headers });
    expect(badTime.json().error.validationErrors[0].field).toBe('startTime');
  });

  it('shows a user their own entries only', async () => {
    const tenant = await given(t.database.db).tenant();
    const { user, headers } = await signedInCaller(t, { tenantId: tenant.id, permissions: [] });
    const other = await given(t.database.db).user({ tenantId: tenant.id });
    await logEntry({
      tenantId: tenant.id,
      userId: other.id,
      userName: other.userName,
      action: 'LoginFailed',
    });
    await logEntry({ tenantId: tenant.id, userId: user.id, userName: user.userName, action: 'Logout' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/account/my-security-logs?userName=${other.userName}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { userId: string; action: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((entry) => entry.userId === user.id)).toBe(true);
    expect(items.map((entry) => entry.action)).toContain('Logout');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/my-security-logs' })).statusCode).toBe(
      401,
    );
  });
});
