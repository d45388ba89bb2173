import { defaultFeatureValues } from '@homeward/contracts';
import { zAppConfiguration } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ themeSwitchingEnabled: false, forumUrl: 'https://forum.example/' });
});
afterAll(async () => {
  await t.close();
});

async function configuration(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return zAppConfiguration.parse(response.json());
}

describe('GET /api/app/configuration', () => {
  it('describes an anonymous visitor with settings from configuration', async () => {
    const body = await configuration('/api/app/configuration');
    expect(body.currentUser).toBeNull();
    expect(body.grantedPolicies).toEqual({});
    expect(body.features).toEqual(defaultFeatureValues());
    expect(body.settings.themeSwitchingEnabled).toBe(false);
    expect(body.settings.forumUrl).toBe('https://forum.example/');
    expect(body.settings.privacyPolicyUrls.default).toBe(body.settings.privacyPolicyUrls['da-DK']);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
  });

  it('lists en and da enabled with en as default, and sv and de disabled', async () => {
    const { languages } = await configuration('/api/app/configuration');
    expect(languages.map((l) => [l.cultureName, l.isEnabled, l.isDefault])).toEqual([
      ['en', true, true],
      ['da', true, false],
      ['sv', false, false],
      ['de', false, false],
    ]);
  });

  it('picks the culture from lng, then Accept-Language, then English', async () => {
    expect((await configuration('/api/app/configuration?lng=da')).currentCulture).toEqual({
      cultureName: 'da',
      displayName: 'Dansk',
    });
    const fromHeader = await configuration('/api/app/configuration', { 'accept-language': 'da-DK,da;q=0.9' });
    expect(fromHeader.currentCulture.cultureName).toBe('da');
    const queryWins = await configuration('/api/app/configuration?lng=en', { 'accept-language': 'da' });
    expect(queryWins.currentCulture.cultureName).toBe('en');
    expect((await configuration('/api/app/configuration?lng=sv')).currentCulture.cultureName).toBe('en');
  });

  it('changes its version stamp when the content changes', async () => {
    const en = await configuration('/api/app/configuration?lng=en');
    const da = await configuration('/api/app/configuration?lng=da');
    expect(en.version).not.toBe(da.version);
    expect((await configuration('/api/app/configuration?lng=en')).version).toBe(en.version);
  });
});
