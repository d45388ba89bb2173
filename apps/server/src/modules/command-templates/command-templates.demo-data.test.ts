import { zSaveCommandTemplateRequest } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../seed/demo-data';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';
import { DEMO_COMMAND_TEMPLATES } from './command-templates.demo-data';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
});
afterAll(async () => {
  await t.close();
});

describe('Demo Kommune’s command templates', () => {
  it('each follow the %{var} rules, so they can be edited and saved as they are', () => {
    for (const { forWatch: _forWatch, ...template } of DEMO_COMMAND_TEMPLATES) {
      expect(zSaveCommandTemplateRequest.safeParse(template).error, template.name).toBeUndefined();
    }
  });

  it('are listed for kommune.admin, the watch commands linked to the demo watch family', async () => {
    const admin = bearer(await signIn(t, { userName: 'kommune.admin', password: DEMO_PASSWORD }));
    const list = await t.app.inject({ url: '/api/command-templates?maxResultCount=100', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const items: { name: string; productName: string | null; isTextMessage: boolean }[] = list.json().items;
    expect(items).toHaveLength(DEMO_COMMAND_TEMPLATES.length);
    expect(items.find((item) => item.name === 'SOS numbers')?.productName).toBe('Homeward Watch 4G');
    expect(items.find((item) => item.name === 'Request position')?.productName).toBeNull();
    expect(items.filter((item) => item.isTextMessage).map((item) => item.name)).toEqual(['Reset password']);
  });
});
