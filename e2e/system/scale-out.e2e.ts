import { createHash, randomBytes } from 'node:crypto';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@homeward/contracts';
import { cookieFetch } from '@homeward/tools/cookie-fetch';
import { launchServer, type ServerProcess } from '@homeward/tools/server-process';
import { openRealtime } from '../../bench/support/bench-api';
import { demoAccessToken } from '@homeward/simulator';
import { DEMO_PASSWORD } from '../support/sign-in';
import { createSystemDatabase, type SystemDatabase } from './system-support';

/**
 * Scale-out on PostgreSQL (README "Scaling out"): server processes share one database. Node A has
 * ROLE=api (HTTP and gateways, no jobs), node B ROLE=all and node C ROLE=worker, so the jobs run
 * twice over. An alarm raised through A reaches a WebSocket client of B (LISTEN/NOTIFY fan-out);
 * the offline and escalation jobs of B and C notify each receiver of each alarm exactly once
 * (`FOR UPDATE SKIP LOCKED`). Two processes cannot share one PGlite folder, so this needs
 * DATABASE_URL (CI sets it).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let database: SystemDatabase;
const nodes: ServerProcess[] = [];

beforeAll(async () => {
  if (onPostgres) database = await createSystemDatabase('hw_scale');
});
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
  await database?.drop();
});

/**
 * Polls `check` every 100 ms until it yields a value. Bounded: after `attempts` (60 s by default, far
 * beyond what the nodes need, so a slow machine does not fail it) it throws naming `what`, so a
 * broken fan-out fails the test instead of hanging it until the hook timeout.
 */
async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  attempts = 600,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what} after ${attempts} checks`);
}

interface DemoWatch {
  id: string;
  imei: string;
}

describe.runIf(onPostgres)('two API/worker nodes on one PostgreSQL', () => {
  let nodeA: ServerProcess | undefined;
  let nodeB: ServerProcess;
  let nodeC: ServerProcess | undefined;

  it('fan alarms out to every node and notify each receiver once', async () => {
    const common = { ...database.env, OFFLINE_CHECK_SECONDS: '1' };
    // B migrates and seeds first; A and C join the ready database.
    nodeB = await launchServer({ env: { ...common, ROLE: 'all', DEMO_DATA: 'true' } });
    nodes.push(nodeB);
    [nodeA, nodeC] = await Promise.all([
      launchServer({ env: { ...common, ROLE: 'api', DEMO_DATA: 'false' } }),
      launchServer({ env: { ...common, ROLE: 'worker', DEMO_DATA: 'false' } }),
    ]);
    nodes.push(nodeA!, nodeC!);

    // Quiet start: no open demo alarms, a short escalation step.
    await database.query(`update alarms set state = 'handled', handled_at = now()`);
    await database.query(
      `insert into settings (id, name, value, provider_name)
         values (gen_random_uuid(), 'Homeward.Alarms.EscalationSeconds', '2', 'G')`,
    );
    const watches = await database.query<DemoWatch>(
      `select d.id, d.imei from devices d
        where (select count(*) from citizen_alarm_receivers r where r.citizen_id = d.citizen_id) >= 2
        order by d.imei limit 2`,
    );
    // Demo Kommune's two citizens with a caregiver and a contact as receivers 1 and 2.
    expect(watches).toHaveLength(2);
    const [sosWatch] = watches as [DemoWatch, DemoWatch];

    // 1. An SOS through node A reaches a dashboard connected to node B.
    const token = await demoAccessToken(nodeA!.baseUrl, 'kommune.admin');
    const seenOnB: RealtimeEvent[] = [];
    const socket = await openRealtime(nodeB.baseUrl, token, (event) => seenOnB.push(event));
    const timestamp = Math.floor(Date.now() / 1000) - 2;
    const response = await fetch(
      `${nodeA!.baseUrl}/api/gateway/osmand?id=${sosWatch.imei}&timestamp=${timestamp}&lat=56.15&lon=10.2&alarm=sos`,
      { method: 'POST' },
    );
    expect(response.status).toBe(200);
    const pushed = await until('the SOS alarm on node B', async () =>
      seenOnB.find((event) => event.type === 'alarm' && event.deviceId === sosWatch.id),
    );
    expect(pushed).toMatchObject({ type: 'alarm', kind: 'sos', state: 'open' });
    socket.close();

    // 2. Both watches fall silent: the offline jobs of B and C raise one alarm each.
    await database.query(
      `update devices set status = 'online', network_status = 'connected',
         last_seen_at = now() - interval '30 days' where id = any($1)`,
      [watches.map((watch) => watch.id)],
    );
    const ids = watches.map((watch) => watch.id);
    const alarms = await until('two offline alarms', async () => {
      const rows = await database.query<{ id: string; device_id: string; kind: string }>(
        `select id, device_id, kind from alarms where device_id = any($1) and state = 'open'`,
        [ids],
      );
      return rows.filter((row) => row.kind === 'offline').length === 2 ? rows : null;
    });
    // The SOS fix lies outside the citizen's demo geofence, so it raised `outsideGeofence` too.
    expect(alarms.map((alarm) => alarm.kind).sort()).toEqual([
      'offline',
      'offline',
      'outsideGeofence',
      'sos',
    ]);

    // 3. Escalation runs to the last receiver of every alarm (it then leaves the queue).
    await until('escalation to the last receiver', async () => {
      const [row] = await database.query<{ waiting: number }>(
        `select count(*)::int as waiting from alarms where id = any($1) and notified_at is not null`,
        [alarms.map((alarm) => alarm.id)],
      );
      return row!.waiting === 0;
    });
    const notified = await database.query<{ alarm_id: string; position: number; n: number }>(
      `select alarm_id, (detail ->> 'position')::int as position, count(*)::int as n
         from alarm_history where action = 'notified' and alarm_id = any($1)
        group by alarm_id, position order by alarm_id, position`,
      [alarms.map((alarm) => alarm.id)],
    );
    for (const alarm of alarms) {
      expect(notified.filter((row) => row.alarm_id === alarm.id).map((row) => [row.position, row.n])).toEqual(
        [
          [1, 1],
          [2, 1],
        ],
      );
    }
    // Each notification is one outbox row per channel, never a duplicate.
    const [duplicates] = await database.query<{ n: number }>(
      `select count(*)::int as n from (
         select recipient, channel, body from outbox group by recipient, channel, body having count(*) > 1) twice`,
    );
    expect(duplicates!.n).toBe(0);
  });

  it('finishes on node B a two-factor sign-in that began on node A (no sticky sessions)', async () => {
    // The demo caregiver gets an authenticator app; the code step is kept in the database.
    const secret = generateSecret();
    await database.query(
      `update users set two_factor_enabled = true, totp_secret = $1 where user_name = 'caregiver'`,
      [secret],
    );
    // The same cookies go to every node (they share one host), as behind a load balancer.
    const request = cookieFetch();
    const redirectUri = `${nodeA!.baseUrl}/`;
    const verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      client_id: 'branded',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'scale-out',
    });
    // 1. The authorization request and the password step reach node A.
    const started = await request(`${nodeA!.baseUrl}/connect/auth?${params}`);
    const interaction = started.headers.get('location')!;
    expect(interaction).toMatch(/^\/account\/interaction\/[\w-]+$/);
    const password = await request(`${nodeA!.baseUrl}${interaction}/login`, {
      identifier: 'caregiver',
      password: DEMO_PASSWORD,
    });
    expect(password.status).toBe(200);
    expect(await password.text()).toContain(`action="${interaction}/two-factor"`);

    // 2. The code step reaches node B, which never saw the password step.
    const code = await request(`${nodeB.baseUrl}${interaction}/two-factor`, {
      code: await generate({ secret }),
    });
    expect(code.status).toBe(303);
    let location = code.headers.get('location')!;
    // Node B answers with the provider's resume address; following it ends at the client's callback.
    const atCallback = (address: string) => {
      const url = new URL(address, nodeB.baseUrl);
      return `${url.origin}${url.pathname}` === redirectUri;
    };
    for (let hop = 0; hop < 5 && !atCallback(location); hop += 1) {
      const next = await request(new URL(location, nodeB.baseUrl).href);
      location = next.headers.get('location')!;
    }
    const callback = new URL(location);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('error')).toBeNull();
    const [waiting] = await database.query<{ n: number }>(
      `select count(*)::int as n from oidc_payloads where model = 'TwoFactorSignIn'`,
    );
    expect(waiting!.n).toBe(0);
  });
});
