import type { AlarmDetail, AlarmListResponse } from '@homeward/contracts';
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

describe('demo alarms', () => {
  it("gives Demo Kommune's citizens an open, an acknowledged and a handled alarm", async () => {
    const headers = bearer(await signIn(t, { userName: 'kommune.admin', password: DEMO_PASSWORD }));
    const list = (await t.app.inject({ url: '/api/alarms', headers })).json<AlarmListResponse>();
    expect(list.items.map((item) => [item.citizenName, item.kind, item.state, item.count])).toEqual([
      ['Inge Jensen', 'sos', 'open', 2],
      ['Poul Hansen', 'lowBattery', 'acknowledged', 1],
      ['Inge Jensen', 'fall', 'handled', 1],
    ]);
    const handled = list.items[2]!;
    const detail = (await t.app.inject({ url: `/api/alarms/${handled.id}`, headers })).json<AlarmDetail>();
    expect(detail.history.map((entry) => [entry.action, entry.userName])).toEqual([
      ['created', null],
      ['acknowledged', 'Karen Caregiver'],
      ['handled', 'Karen Caregiver'],
    ]);
  });
});
