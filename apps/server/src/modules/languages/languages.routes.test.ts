import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { signedInCaller } from '../users/identity-test-callers';
import { languageTexts, languages } from './languages.schema';

let t: TestApp;
let headers: { authorization: string };
const LANGUAGE_PERMISSIONS = ALL_PERMISSIONS.filter((name) => name.startsWith('Homeward.Languages'));
const BASE = '/api/language-management/languages';

beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await signedInCaller(t, { tenantId: null, permissions: LANGUAGE_PERMISSIONS }));
});
afterAll(async () => {
  await t?.close();
});

const idOf = async (cultureName: string) =>
  (await t.database.db.select().from(languages).where(eq(languages.cultureName, cultureName)))[0]!.id;
const fieldsOf = (response: {
  json(): { error: { validationErrors?: { field: string; message: string }[] } };
}) => response.json().error.validationErrors?.map((e) => [e.field, e.message]);

describe('languages API', () => {
  it('is for the host only: 401 anonymous, 403 for a tenant user with every permission', async () => {
    const tenant = await given(t.database.db).tenant();
    const tenantCaller = await signedInCaller(t, { tenantId: tenant.id, permissions: ALL_PERMISSIONS });
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: BASE, headers: tenantCaller.headers })).statusCode).toBe(
      403,
    );
  });

  it('lists the seeded languages with en as the only default', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${BASE}?sorting=createdAt asc`, headers });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .items.map((l: { cultureName: string; isDefault: boolean; isEnabled: boolean }) => [
          l.cultureName,
          l.isEnabled,
          l.isDefault,
        ]),
    ).toEqual([
      ['en', true, true],
      ['da', true, false],
      ['sv', false, false],
      ['de', false, false],
    ]);
  });

  it('creates, updates and deletes a language; a duplicate culture is a field error', async () => {
    const payload = { cultureName: 'fr', uiCultureName: 'fr', displayName: 'Français', flagIcon: 'fr' };
    const created = await t.app.inject({ method: 'POST', url: BASE, headers, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...payload, isEnabled: true, isDefault: false });
    const duplicate = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { ...payload, cultureName: 'FR' },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(fieldsOf(duplicate)).toEqual([['cultureName', 'languages:cultureNameTaken']]);

    const id = created.json().id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      headers,
      payload: { uiCultureName: 'fr-FR', displayName: 'French', isEnabled: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      cultureName: 'fr',
      uiCultureName: 'fr-FR',
      displayName: 'French',
      isEnabled: false,
      flagIcon: null,
    });

    const text = await t.app.inject({
      method: 'PUT',
      url: '/api/language-management/texts/fr/translation/errors.noData',
      headers,
      payload: { value: 'Aucune donnée' },
    });
    expect(text.statusCode).toBe(200);
    expect(
      await t.database.db.select().from(languageTexts).where(eq(languageTexts.cultureName, 'fr')),
    ).toHaveLength(1);

    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers })).statusCode).toBe(204);
    // Its texts go with it.
    expect(
      await t.database.db.select().from(languageTexts).where(eq(languageTexts.cultureName, 'fr')),
    ).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers })).statusCode).toBe(404);
  });

  it('rejects an invalid culture name and an empty display name with field errors', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { cultureName: 'not a culture', uiCultureName: 'fr', displayName: ' ' },
    });
    expect(response.statusCode).toBe(400);
    expect(
      fieldsOf(response)!
        .map(([field]) => field)
        .sort(),
    ).toEqual(['cultureName', 'displayName']);
  });

  it('keeps exactly one default, which can be neither disabled nor deleted', async () => {
    const en = await idOf('en');
    const da = await idOf('da');
    const sv = await idOf('sv');
    const disable = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${en}`,
      headers,
      payload: { uiCultureName: 'en', displayName: 'English', isEnabled: false },
    });
    expect(disable.statusCode).toBe(400);
    expect(fieldsOf(disable)).toEqual([['isEnabled', 'languages:defaultCannotBeDisabled']]);
    const remove = await t.app.inject({ method: 'DELETE', url: `${BASE}/${en}`, headers });
    expect(remove.statusCode).toBe(400);
    expect(fieldsOf(remove)).toEqual([['id', 'languages:defaultCannotBeDeleted']]);
    const disabledDefault = await t.app.inject({ method: 'PUT', url: `${BASE}/${sv}/set-default`, headers });
    expect(fieldsOf(disabledDefault)).toEqual([['id', 'languages:disabledCannotBeDefault']]);

    const made = await t.app.inject({ method: 'PUT', url: `${BASE}/${da}/set-default`, headers });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ cultureName: 'da', isDefault: true });
    const defaults = await t.database.db.select().from(languages).where(eq(languages.isDefault, true));
    expect(defaults.map((row) => row.cultureName)).toEqual(['da']);

    const configuration = await t.app.inject({ method: 'GET', url: '/api/app/configuration' });
    const listed = configuration.json().languages as { cultureName: string; isDefault: boolean }[];
    expect(listed.filter((l) => l.isDefault).map((l) => l.cultureName)).toEqual(['da']);

    expect(
      (await t.app.inject({ method: 'PUT', url: `${BASE}/${en}/set-default`, headers })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: `${BASE}/${crypto.randomUUID()}/set-default`, headers }))
        .statusCode,
    ).toBe(404);
  });

  it('names common cultures with Intl in the requested language', async () => {
    const english = await t.app.inject({
      method: 'GET',
      url: '/api/language-management/culture-list?lng=en',
      headers,
    });
    expect(english.statusCode).toBe(200);
    expect(english.json().items).toContainEqual({ cultureName: 'da', displayName: 'Danish' });
    const danish = await t.app.inject({
      method: 'GET',
      url: '/api/language-management/culture-list?lng=da',
      headers,
    });
    expect(danish.json().items).toContainEqual({ cultureName: 'da', displayName: 'dansk' });
  });
});
