import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@homeward/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { and, eq } from 'drizzle-orm';
import { entityChanges } from '../../platform/audit/audit-log.schema';
import { signedInCaller } from '../users/identity-test-callers';
import { languageTexts } from './languages.schema';

let t: TestApp;
let headers: { authorization: string };
const TEXTS = '/api/language-management/texts';

beforeAll(async () => {
  t = await buildTestApp();
  ({ headers } = await signedInCaller(t, {
    tenantId: null,
    permissions: ALL_PERMISSIONS.filter((name) => name.startsWith('Homeward.Languages')),
  }));
});
afterAll(async () => {
  await t?.close();
});

const list = (query: string) => t.app.inject({ method: 'GET', url: `${TEXTS}?${query}`, headers });

describe('language texts API', () => {
  it('lists the texts of a namespace with base and target values, paged', async () => {
    const response = await list(
      'resourceName=translation&baseCultureName=en&targetCultureName=da&filter=errors.noData',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toContainEqual({
      namespace: 'translation',
      key: 'errors.noData',
      baseValue: 'No data available',
      value: 'Ingen data tilgængelige',
      isOverridden: false,
    });
    const page = await list('resourceName=translation&targetCultureName=da&maxResultCount=5&skipCount=5');
    expect(page.json().items).toHaveLength(5);
    expect(page.json().totalCount).toBeGreaterThan(10);
  });

  it('edits a text, shows it as overridden, and restores the file value', async () => {
    const url = `${TEXTS}/da/translation/errors.noData`;
    const edited = await t.app.inject({ method: 'PUT', url, headers, payload: { value: 'Tomt' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      value: 'Tomt',
      isOverridden: true,
      baseValue: 'No data available',
    });
    const listed = await list('resourceName=translation&targetCultureName=da&filter=Tomt');
    expect(listed.json()).toMatchObject({
      totalCount: 1,
      items: [{ key: 'errors.noData', value: 'Tomt', isOverridden: true }],
    });

    const restored = await t.app.inject({ method: 'PUT', url: `${url}/restore`, headers });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ value: 'Ingen data tilgængelige', isOverridden: false });
    expect((await list('resourceName=translation&targetCultureName=da&filter=Tomt')).json().totalCount).toBe(
      0,
    );
  });

  it('lists only empty values: all of a language without files, and an emptied override', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/language-management/languages',
      headers,
      payload: { cultureName: 'fi', uiCultureName: 'fi', displayName: 'Suomi', isEnabled: false },
    });
    expect(created.statusCode).toBe(201);
    const empty = await list('resourceName=translation&targetCultureName=fi&getOnlyEmptyValues=true');
    const all = await list('resourceName=translation&targetCultureName=fi');
    expect(empty.json().totalCount).toBeGreaterThan(10);
    expect(empty.json().totalCount).toBe(all.json().totalCount);
    expect(empty.json().items.every((row: { value: string }) => row.value === '')).toBe(true);
    expect(
      (await list('resourceName=translation&targetCultureName=da&getOnlyEmptyValues=true')).json().totalCount,
    ).toBe(0);

    await t.app.inject({
      method: 'PUT',
      url: `${TEXTS}/da/translation/errors.noData`,
      headers,
      payload: { value: '' },
    });
    const daEmpty = await list('resourceName=translation&targetCultureName=da&getOnlyEmptyValues=true');
    expect(daEmpty.json().items).toEqual([
      expect.objectContaining({ key: 'errors.noData', isOverridden: true, value: '' }),
    ]);
    await t.app.inject({ method: 'PUT', url: `${TEXTS}/da/translation/errors.noData/restore`, headers });
  });

  it('refuses unknown namespaces and cultures with field errors, and unknown texts with 404', async () => {
    const badNamespace = await list('resourceName=nope&targetCultureName=da');
    expect(badNamespace.statusCode).toBe(400);
    expect(badNamespace.json().error.validationErrors).toEqual([
      { field: 'resourceName', message: 'languages:unknownNamespace' },
    ]);
    const badCulture = await list('targetCultureName=xx');
    expect(badCulture.json().error.validationErrors).toEqual([
      { field: 'targetCultureName', message: 'languages:unknownCulture' },
    ]);
    for (const url of [
      `${TEXTS}/xx/translation/errors.noData`,
      `${TEXTS}/da/nope/errors.noData`,
      `${TEXTS}/da/translation/no.such.key`,
    ]) {
      const response = await t.app.inject({ method: 'PUT', url, headers, payload: { value: 'x' } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('records each edit of an override in the entity changes, with the old and new value', async () => {
    const url = `${TEXTS}/da/auth/signOut`;
    expect(
      (await t.app.inject({ method: 'PUT', url, headers, payload: { value: 'Først' } })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url, headers, payload: { value: 'Derefter' } })).statusCode,
    ).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(languageTexts)
      .where(
        and(
          eq(languageTexts.cultureName, 'da'),
          eq(languageTexts.namespace, 'auth'),
          eq(languageTexts.key, 'signOut'),
        ),
      );
    const changes = await t.database.db
      .select()
      .from(entityChanges)
      .where(and(eq(entityChanges.entityType, 'language_texts'), eq(entityChanges.entityId, row!.id)));
    expect(changes.map((change) => change.changeType).sort()).toEqual(['created', 'updated']);
    expect(changes.find((change) => change.changeType === 'updated')?.propertyChanges).toContainEqual({
      propertyName: 'value',
      originalValue: 'Først',
      newValue: 'Derefter',
    });
  });

  it('needs ChangeTexts to edit', async () => {
    const reader = await signedInCaller(t, { tenantId: null, permissions: ['Homeward.Languages'] });
    expect((await list('targetCultureName=da')).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${TEXTS}/da/translation/errors.noData`,
      headers: reader.headers,
      payload: { value: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});
