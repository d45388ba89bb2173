import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { AUDITING_SETTINGS } from '@homeward/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { users } from '../../modules/users/users.schema';
import { settings } from '../../modules/settings/settings.schema';
import { DomainError } from '../../platform/errors/domain-error';
import { requestContext } from '../../platform/http/request-context';
import { auditLogs, entityChanges } from '../../platform/audit/audit-log.schema';

let t: TestApp;
let lateRequestReceived: () => void = () => undefined;
let lateAnswerHandedOver: () => void = () => undefined;

/** Probe routes, so the recording is tested apart from any feature's behaviour. */
function addProbeRoutes(test: TestApp) {
  const deps = { database: test.database, authorizations: { invalidate: () => undefined } };
  test.app.post('/api/test/audit-probe', { config: { permission: 'public' } }, async () => ({ ok: true }));
  test.app.get('/api/test/audit-probe', { config: { permission: 'public' } }, async () => ({ ok: true }));
  test.app.put('/api/test/audit-probe/fail', { config: { permission: 'authenticated' } }, async () => {
    throw new DomainError('conflict', 'The probe refuses');
  });
  // A response that starts and never ends, for a client to walk away from mid-response.
  test.app.post(
    '/api/test/audit-probe/stream',
    { config: { permission: 'public' } },
    async (_request, reply) =>
      reply.type('text/plain').send(
        new Readable({
          read() {
            if (!this.readableLength) this.push('first part, and the rest never comes');
          },
        }),
      ),
  );
  // An answer that is only ready after its client has gone (the page navigated on meanwhile).
  test.app.post(
    '/api/test/audit-probe/late',
    {
      config: { permission: 'public' },
      // A route's hooks run after the app's: the audit log has seen the answer handed over by now.
      onSend: async () => lateAnswerHandedOver(),
    },
    async (_request, reply) => {
      lateRequestReceived();
      await new Promise((resolve) => reply.raw.once('close', resolve));
      return { ok: true };
    },
  );
  // Writes as a feature would: in a transaction that carries the request id, so triggers link it.
  test.app.post(
    '/api/test/audit-probe/rename',
    { config: { permission: 'authenticated' } },
    async (request) => {
      const ctx = requestContext(request, deps);
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.request_id', ${request.auditLogId}, true)`);
        await tx.update(users).set({ name: 'Renamed by probe' }).where(eq(users.id, ctx.userId));
      });
      return { auditLogId: request.auditLogId };
    },
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  addProbeRoutes(t);
});
afterAll(async () => {
  await t?.close();
});

async function auditLogOf(id: string) {
  const [row] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.id, id));
  return row;
}

describe('audit log recording', () => {
  it('records a state-changing request with caller, tenant, status, duration and correlation id', async () => {
    const tenant = await given(t.database.db).tenant();
    const user = await given(t.database.db).user({ tenantId: tenant.id });
    const headers = {
      ...bearer(await signIn(t, user)),
      'x-correlation-id': 'corr-123',
      'user-agent': 'ProbeBrowser/1',
    };

    const response = await t.app.inject({ method: 'POST', url: '/api/test/audit-probe/rename?x=1', headers });
    expect(response.statusCode).toBe(200);
    const { auditLogId } = response.json<{ auditLogId: string }>();
    await t.app.auditLog.flush();

    expect(await auditLogOf(auditLogId)).toMatchObject({
      tenantId: tenant.id,
      userId: user.id,
      userName: user.userName,
      httpMethod: 'POST',
      url: '/api/test/audit-probe/rename?x=1',
      statusCode: 200,
      correlationId: 'corr-123',
      browserInfo: 'ProbeBrowser/1',
      exceptions: null,
    });
    // The write the request made is linked to its entry by the shared request id.
    const changes = await t.database.db
      .select()
      .from(entityChanges)
      .where(eq(entityChanges.auditLogId, auditLogId));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ entityType: 'users', entityId: user.id, changeType: 'updated' });
    expect(changes[0]!.propertyChanges).toContainEqual({
      propertyName: 'name',
      originalValue: user.userName,
      newValue: 'Renamed by probe',
    });
  });

  it('keeps the exception of a failed request as name and message, without a stack', async () => {
    const user = await given(t.database.db).user();
    const headers = bearer(await signIn(t, user));
    const response = await t.app.inject({ method: 'PUT', url: '/api/test/audit-probe/fail', headers });
    expect(response.statusCode).toBe(409);
    await t.app.auditLog.flush();

    const [row] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.url, '/api/test/audit-probe/fail'));
    expect(row).toMatchObject({ statusCode: 409, userId: user.id, tenantId: null });
    expect(row!.exceptions).toBe('DomainError: The probe refuses');
    // Without a correlation header the request's own id correlates it.
    expect(row!.correlationId).toBe(row!.id);
  });

  it('records an anonymous request without a user, and skips GETs while the setting is off', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/api/test/audit-probe?anonymous=1' });
    const get = await t.app.inject({ method: 'GET', url: '/api/test/audit-probe?anonymous=1' });
    expect([post.statusCode, get.statusCode]).toEqual([200, 200]);
    await t.app.auditLog.flush();

    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.url, '/api/test/audit-probe?anonymous=1'));
    expect(rows.map((row) => [row.httpMethod, row.userId, row.tenantId])).toEqual([['POST', null, null]]);
  });

  it('records a request the authentication refused', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/test/audit-probe/fail?anonymous=1' });
    expect(response.statusCode).toBe(401);
    await t.app.auditLog.flush();
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.url, '/api/test/audit-probe/fail?anonymous=1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ statusCode: 401, userId: null });
    expect(rows[0]!.exceptions).toMatch(/^DomainError: /);
  });

  it('does not record requests outside /api', async () => {
    await t.app.inject({ method: 'POST', url: '/not-api/audit-probe' });
    await t.app.auditLog.flush();
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.url, '/not-api/audit-probe'));
    expect(rows).toHaveLength(0);
  });
});

describe('audit log of a request its client abandons', () => {
  it('records it and lets flush() finish when the client goes away mid-response', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // The client reads the start of the response, then goes away (a page navigates on): the
    // response closes without finishing, and Fastify runs no onResponse hook for it.
    await new Promise<void>((resolve, reject) => {
      const client = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/test/audit-probe/stream?abandoned=1' },
        (response) => {
          response.once('data', () => {
            client.destroy();
            resolve();
          });
        },
      );
      client.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      client.end();
    });
    // flush() waits for every response sent to be recorded; this one must not hold it forever.
    await t.app.auditLog.flush();
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.url, '/api/test/audit-probe/stream?abandoned=1'));
    expect(rows.map((row) => [row.httpMethod, row.statusCode])).toEqual([['POST', 200]]);
  });
});

describe('audit log of a request its client abandons before the answer is ready', () => {
  it('records it and lets flush() finish', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const received = new Promise<void>((resolve) => (lateRequestReceived = resolve));
    const handedOver = new Promise<void>((resolve) => (lateAnswerHandedOver = resolve));
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/test/audit-probe/late',
    });
    const gone = new Promise<void>((resolve) => client.on('error', () => resolve()));
    client.end();
    await received;
    // The client goes away while the handler still works: its socket is closed before the answer
    // is sent, so no 'close' event is left to come when the answer is handed over.
    client.destroy();
    await gone;
    await handedOver;
    // flush() waits for every answer handed over to be recorded; this one must not hold it forever.
    await t.app.auditLog.flush();
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.url, '/api/test/audit-probe/late'));
    expect(rows.map((row) => row.httpMethod)).toEqual(['POST']);
  });
});

describe('audit log on shutdown, with GET auditing on', () => {
  it('writes what is still queued when the app closes, GETs included', async () => {
    const other = await buildTestApp();
    try {
      addProbeRoutes(other);
      await other.database.db
        .insert(settings)
        .values({ name: AUDITING_SETTINGS.isEnabledForGetRequests, value: 'true', providerName: 'G' });
      await other.app.inject({ method: 'GET', url: '/api/test/audit-probe?shutdown=1' });
      await other.app.inject({ method: 'POST', url: '/api/test/audit-probe?shutdown=1' });

      // No flush: closing the app must write them.
      await other.app.close();
      const rows = await other.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.url, '/api/test/audit-probe?shutdown=1'));
      expect(rows.map((row) => row.httpMethod).sort()).toEqual(['GET', 'POST']);
    } finally {
      await other.close();
    }
  });
});
