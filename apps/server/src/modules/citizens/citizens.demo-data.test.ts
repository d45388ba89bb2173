import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/demo-data';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db, undefined, t.config.cprEncryptionKey);
});
afterAll(async () => {
  await t.close();
});

describe('demo citizens', () => {
  it('gives Demo Kommune two citizens, each with a watch, a geofence and two alarm receivers', async () => {
    const headers = bearer(await signIn(t, { userName: 'kommune.admin', password: DEMO_PASSWORD }));
    const list = await t.app.inject({ url: '/api/citizens?sorting=name asc', headers });
    expect(
      list.json().items.map((item: { name: string; surname: string }) => `${item.name} ${item.surname}`),
    ).toEqual(['Inge Jensen', 'Poul Hansen']);
    for (const item of list.json().items as { id: string; deviceCount: number; cprMasked: string }[]) {
      expect(item.deviceCount).toBe(1);
      expect(item.cprMasked).toMatch(/^\d{6}-XXXX$/);
      const detail = (await t.app.inject({ url: `/api/citizens/${item.id}`, headers })).json();
      expect(detail.cpr).toMatch(/^\d{6}-\d{4}$/);
      expect(detail.devices).toHaveLength(1);
      expect(detail.geofences).toHaveLength(1);
      expect(detail.alarmReceivers.map((receiver: { kind: string }) => receiver.kind)).toEqual([
        'user',
        'contactPerson',
      ]);
    }
    // The caregiver follows citizens: sees them, not their full CPR numbers.
    const caregiver = bearer(await signIn(t, { userName: 'caregiver', password: DEMO_PASSWORD }));
    const seen = await t.app.inject({ url: `/api/citizens/${list.json().items[0].id}`, headers: caregiver });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().cpr).toBeUndefined();
  });
});
