import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/demo-data';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe('Demo Kommune’s Wi-Fi networks', () => {
  it('are listed for kommune.admin, who may manage them; the caregiver may not', async () => {
    const admin = bearer(await signIn(t, { userName: 'kommune.admin', password: DEMO_PASSWORD }));
    const configuration = (await t.app.inject({ url: '/api/app/configuration', headers: admin })).json();
    for (const name of ['', '.Create', '.Edit', '.Delete']) {
      expect(configuration.grantedPolicies[`Homeward.WifiNetworks${name}`]).toBe(true);
    }
    const list = (await t.app.inject({ url: '/api/wifis', headers: admin })).json();
    expect(
      list.items
        .map((item: { trustLevel: string; type: string }) => `${item.type}/${item.trustLevel}`)
        .sort(),
    ).toEqual(['automatic/trusted', 'automatic/untrusted', 'manual/trusted']);
    const caregiver = bearer(await signIn(t, { userName: 'caregiver', password: DEMO_PASSWORD }));
    expect((await t.app.inject({ url: '/api/wifis', headers: caregiver })).statusCode).toBe(403);
  });
});
