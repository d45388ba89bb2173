import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_FILTER_HEADER } from '@homeward/contracts';
import { bearer, signIn } from '../../test/sign-in';
import { devices } from '../../modules/devices/devices.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { householdWithMember, type IsolationHousehold } from '../../test/tenant-isolation/households';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { signedInCaller } from '../../test/tenant-isolation/isolation-suite';
import type { IsolationCaller } from '../../test/tenant-isolation/isolation-case';

/**
 * Invited members (Plug and Play User) of two households: each sees its own household's watches
 * and geofences and nothing of the other's, by list or by id. The endpoint families one by one are
 * in household-isolation.test.ts; this is the members' own view, as they sign in.
 */

let t: TestApp;
let a: IsolationHousehold;
let b: IsolationHousehold;
let memberA: IsolationCaller;
let memberB: IsolationCaller;
let ownerB: IsolationCaller;
let fenceOfA: string;
let watchOfA: string;

beforeAll(async () => {
  t = await buildTestApp();
  [a, b] = [await householdWithMember(t), await householdWithMember(t)];
  [memberA, memberB, ownerB] = [
    await signedInCaller(t, a.member),
    await signedInCaller(t, b.member),
    await signedInCaller(t, b.owner),
  ];
  const ownerA = await signedInCaller(t, a.owner);
  const fence = await ownerA.request({
    method: 'POST',
    url: '/api/geofences',
    payload: {
      name: 'Around dad’s home',
      geometry: { kind: 'circle', center: { lat: 56.1572, lon: 10.2107 }, radiusMeters: 300 },
    },
  });
  expect(fence.statusCode, fence.body).toBe(201);
  fenceOfA = fence.json().id;
  const [watch] = await t.database.db
    .insert(devices)
    .values({ tenantId: a.id, imei: randomImei(), name: 'Dad’s watch' })
    .returning({ id: devices.id });
  watchOfA = watch!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('household members', () => {
  it('see their own household’s watch and geofence', async () => {
    expect((await memberA.request({ method: 'GET', url: '/api/geofences' })).body).toContain(fenceOfA);
    expect((await memberA.request({ method: 'GET', url: '/api/devices' })).body).toContain(watchOfA);
    const configuration = await memberA.request({ method: 'GET', url: '/api/app/configuration' });
    expect(configuration.json()).toMatchObject({ isPlugAndPlay: true, currentTenant: { id: a.id } });
  });

  it('see nothing of another household, by list or by id, member or owner', async () => {
    for (const caller of [memberB, ownerB]) {
      for (const url of ['/api/geofences', '/api/devices', '/api/citizens', '/api/alarms']) {
        const list = await caller.request({ method: 'GET', url });
        expect(list.statusCode, `${url}: ${list.body}`).toBe(200);
        expect(list.body).not.toContain(fenceOfA);
        expect(list.body).not.toContain(watchOfA);
      }
      expect((await caller.request({ method: 'GET', url: `/api/geofences/${fenceOfA}` })).statusCode).toBe(
        404,
      );
      expect((await caller.request({ method: 'GET', url: `/api/devices/${watchOfA}` })).statusCode).toBe(404);
    }
    const hijack = await ownerB.request({ method: 'DELETE', url: `/api/geofences/${fenceOfA}` });
    expect(hijack.statusCode).toBe(404);
    expect((await memberA.request({ method: 'GET', url: `/api/geofences/${fenceOfA}` })).statusCode).toBe(
      200,
    );
  });

  it('cannot name another household in the tenant filter', async () => {
    const headers = bearer(await signIn(t, { userName: b.member.userName, password: b.member.password }));
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: { ...headers, [TENANT_FILTER_HEADER]: a.id },
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(watchOfA);
  });
});
