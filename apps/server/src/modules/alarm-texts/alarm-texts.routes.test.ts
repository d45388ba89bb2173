import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/database';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';

/** /api/alarm-texts against the real database: defaults, save, restore, preview, rules, tenants. */

let t: TestApp;
let admin: TestTokens;
let outsider: TestTokens;
let otherTenantAdmin: TestTokens;
let tenantA: string;

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const [a, b] = [await g.tenant(), await g.tenant()];
  tenantA = a.id;
  const [adminA, outsiderA, adminB] = await Promise.all([
    g.user({ tenantId: a.id, permissions: ['Homeward.AlarmTexts'] }),
    g.user({ tenantId: a.id, permissions: ['Homeward.Alarms'] }),
    g.user({ tenantId: b.id, permissions: ['Homeward.AlarmTexts'] }),
  ]);
  [admin, outsider, otherTenantAdmin] = await Promise.all([
    signIn(t, adminA),
    signIn(t, outsiderA),
    signIn(t, adminB),
  ]);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (tokens: TestTokens, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
const list = async (tokens: TestTokens, language: string) => {
  const response = await call(tokens, 'GET', `/api/alarm-texts?language=${language}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    language: string;
    items: { id: string | null; kind: string; subject: string; body: string; isDefault: boolean }[];
  };
};

describe('alarm texts', () => {
  it('lists the shipped text of every alarm kind in the language asked for', async () => {
    const danish = await list(admin, 'da');
    expect(danish.language).toBe('da');
    expect(danish.items.map((item) => item.kind)).toEqual([
      'sos',
      'fall',
      'removal',
      'outsideGeofence',
      'offline',
      'lowBattery',
      'general',
      'vitals',
    ]);
    expect(danish.items.every((item) => item.isDefault && item.id === null)).toBe(true);
    // Removal and general alarms have texts of their own in every shipped language.
    const removal = (texts: Awaited<ReturnType<typeof list>>) =>
      texts.items.find((item) => item.kind === 'removal');
    expect(removal(danish)).toMatchObject({ subject: 'Ur taget af: {citizen}' });
    expect(removal(await list(admin, 'en'))).toMatchObject({ subject: 'Watch removed: {citizen}' });
    expect(removal(await list(admin, 'sv'))).toMatchObject({ subject: 'Klockan avtagen: {citizen}' });
    expect(removal(await list(admin, 'de'))).toMatchObject({ subject: 'Uhr abgenommen: {citizen}' });
    expect(danish.items.find((item) => item.kind === 'general')).toMatchObject({
      subject: 'Alarm fra uret: {citizen}',
    });
    expect(danish.items.find((item) => item.kind === 'vitals')).toMatchObject({
      subject: 'Vitale værdier uden for grænserne: {citizen}',
    });
    expect(danish.items[0]).toMatchObject({ subject: 'SOS-alarm: {citizen}' });
    expect(danish.items[1]!.body).toContain('Åbn alarmen i Homeward');
    expect((await list(admin, 'de')).items[1]).toMatchObject({ subject: 'Sturzalarm: {citizen}' });
    expect((await list(admin, 'EN')).items[0]).toMatchObject({ subject: 'SOS alarm: {citizen}' });
  });

  it('saves a tenant’s text, which then replaces the default for that kind and language only', async () => {
    const saved = await call(admin, 'PUT', '/api/alarm-texts/sos/da', {
      subject: '  Hjælp til {citizen} ',
      body: '{citizen} har brug for hjælp ved {address}: {link}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      kind: 'sos',
      language: 'da',
      subject: 'Hjælp til {citizen}',
      isDefault: false,
    });

    const danish = await list(admin, 'da');
    expect(danish.items[0]).toMatchObject({
      id: saved.json().id,
      subject: 'Hjælp til {citizen}',
      isDefault: false,
    });
    expect(danish.items[1]!.isDefault).toBe(true);
    expect((await list(admin, 'en')).items[0]).toMatchObject({
      subject: 'SOS alarm: {citizen}',
      isDefault: true,
    });
    // Tenant B still sees the shipped text.
    expect((await list(otherTenantAdmin, 'da')).items[0]).toMatchObject({ isDefault: true, id: null });

    // Saving again replaces the row: still one per tenant, kind and language.
    await call(admin, 'PUT', '/api/alarm-texts/sos/da', { subject: 'Igen {citizen}', body: 'Tekst' });
    const rows = await selectRows<{ subject: string }>(
      t.database.db,
      sql`select subject from alarm_texts where tenant_id = ${tenantA} and kind = 'sos' and language = 'da'`,
    );
    expect(rows).toEqual([{ subject: 'Igen {citizen}' }]);
  });

  it('restores the default, and says 404 when there is nothing to restore', async () => {
    await call(admin, 'PUT', '/api/alarm-texts/offline/en', { subject: 'Gone {device}', body: 'Gone' });
    const restored = await call(admin, 'DELETE', '/api/alarm-texts/offline/en');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: null, isDefault: true, subject: 'Watch offline: {citizen}' });
    expect((await list(admin, 'en')).items[3]!.isDefault).toBe(true);
    expect((await call(admin, 'DELETE', '/api/alarm-texts/offline/en')).statusCode).toBe(404);
  });

  it('refuses unknown variables, empty and too long texts with field errors', async () => {
    const unknown = await call(admin, 'PUT', '/api/alarm-texts/fall/en', {
      subject: 'Fall {citizen}',
      body: 'At {where} for {who}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.validationErrors).toEqual([
      { field: 'body', message: 'alarmTexts:unknownVariable', params: { name: 'where, who' } },
    ]);

    const empty = await call(admin, 'PUT', '/api/alarm-texts/fall/en', {
      subject: ' ',
      body: 'x'.repeat(1001),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.validationErrors).toEqual([
      expect.objectContaining({ field: 'subject', message: 'validation.required' }),
      expect.objectContaining({ field: 'body', message: 'validation.maxLength', params: { count: 1000 } }),
    ]);
    expect((await list(admin, 'en')).items[1]!.isDefault).toBe(true);
  });

  it('answers 400 for an unknown kind and 404 for a language the product does not have', async () => {
    const payload = { subject: 'a', body: 'b' };
    expect((await call(admin, 'PUT', '/api/alarm-texts/tsunami/en', payload)).statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/api/alarm-texts/sos/fr', payload)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/alarm-texts?language=fr')).statusCode).toBe(404);
  });

  it('previews an unsaved text with a sample alarm, in the language’s date style', async () => {
    const preview = await call(admin, 'POST', '/api/alarm-texts/preview', {
      language: 'da',
      subject: 'Fald: {citizen}',
      body: '{device} kl. {time} ved {address}: {link} {unknown}',
    });
    expect(preview.statusCode).toBe(400);

    const rendered = await call(admin, 'POST', '/api/alarm-texts/preview', {
      language: 'da',
      subject: 'Fald: {citizen}',
      body: '{device} kl. {time} ved {address}: {link}',
    });
    expect(rendered.statusCode, rendered.body).toBe(200);
    const { subject, body, values } = rendered.json();
    expect(subject).toBe('Fald: Inge Jensen');
    expect(values.time).toMatch(/^\d{2}\.\d{2}\.\d{4},? \d{2}[.:]\d{2} UTC$/);
    expect(values.link).toMatch(/^https?:\/\/[^/]+\/alarms\?alarm=/);
    expect(body).toBe(`${values.device} kl. ${values.time} ved ${values.address}: ${values.link}`);
  });

  it('needs the alarm texts permission', async () => {
    expect((await call(outsider, 'GET', '/api/alarm-texts?language=en')).statusCode).toBe(403);
    expect(
      (await call(outsider, 'PUT', '/api/alarm-texts/sos/en', { subject: 'a', body: 'b' })).statusCode,
    ).toBe(403);
    expect(
      (await call(outsider, 'POST', '/api/alarm-texts/preview', { language: 'en', subject: 'a', body: 'b' }))
        .statusCode,
    ).toBe(403);
  });
});
