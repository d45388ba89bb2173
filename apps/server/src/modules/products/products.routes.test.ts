import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';

let t: TestApp;
let admin: TestTokens;
let viewer: TestTokens;

const WATCH = {
  kind: 'deviceFamily',
  name: 'Homeward Watch 4G',
  listPriceMinor: 149_900,
  currency: 'DKK',
  stellaIdPrefix: 'STL',
  serialNumberPattern: '^STL\\d{8}$',
  expectedReportingIntervalSeconds: 600,
  defaultAppSettings: {
    positionIntervalSeconds: 300,
    sosNumber: '+4512345678',
    lowBatteryThresholdPercent: 20,
    fallDetection: true,
  },
};

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const tenant = await g.tenant();
  const full = [
    'Homeward.Accessories',
    'Homeward.Accessories.Create',
    'Homeward.Accessories.Edit',
    'Homeward.Accessories.Delete',
  ];
  const role = await g.role({ tenantId: tenant.id, permissions: full });
  const readOnly = await g.role({ tenantId: tenant.id, permissions: ['Homeward.Accessories'] });
  [admin, viewer] = await Promise.all([
    signIn(t, await g.user({ tenantId: tenant.id, roles: [role] })),
    signIn(t, await g.user({ tenantId: tenant.id, roles: [readOnly] })),
  ]);
});
afterAll(async () => {
  await t.close();
});

const send = (tokens: TestTokens, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });

describe('products', () => {
  it('adds a device family, a service and a subscription and lists them by name', async () => {
    const watch = await send(admin, 'POST', '/api/products', WATCH);
    expect(watch.statusCode).toBe(201);
    expect(watch.json()).toMatchObject({ ...WATCH, id: expect.any(String) });
    const service = await send(admin, 'POST', '/api/products', {
      kind: 'service',
      name: 'Installation',
      listPriceMinor: 50_000,
      currency: 'DKK',
      stellaIdPrefix: 'XYZ',
    });
    expect(service.statusCode).toBe(201);
    expect(service.json()).toMatchObject({ stellaIdPrefix: null, defaultAppSettings: null });
    const page = (await send(admin, 'GET', '/api/products?sorting=name%20asc')).json();
    expect(page.items.map((item: { name: string }) => item.name)).toEqual([
      'Homeward Watch 4G',
      'Installation',
    ]);
    expect((await send(admin, 'GET', '/api/products?filter=watch')).json().totalCount).toBe(1);
  });

  it('requires the device-family fields and refuses an unsafe or broken serial pattern', async () => {
    const missing = await send(admin, 'POST', '/api/products', {
      kind: 'deviceFamily',
      name: 'Bare',
      listPriceMinor: 1,
      currency: 'DKK',
    });
    expect(missing.statusCode).toBe(400);
    const fields = missing.json().error.validationErrors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(
      expect.arrayContaining(['stellaIdPrefix', 'serialNumberPattern', 'expectedReportingIntervalSeconds']),
    );
    for (const [pattern, message] of [
      ['(a+)+$', 'products:serialPatternUnsafe'],
      ['(\\d*)*', 'products:serialPatternUnsafe'],
      ['(ab', 'products:serialPatternInvalid'],
    ]) {
      const response = await send(admin, 'POST', '/api/products', { ...WATCH, serialNumberPattern: pattern });
      expect(response.json().error.validationErrors).toEqual([{ field: 'serialNumberPattern', message }]);
    }
  });

  it('checks app settings, price and currency field by field', async () => {
    const response = await send(admin, 'POST', '/api/products', {
      ...WATCH,
      listPriceMinor: 1.5,
      currency: 'USD',
      defaultAppSettings: {
        ...WATCH.defaultAppSettings,
        positionIntervalSeconds: 5,
        lowBatteryThresholdPercent: 101,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'listPriceMinor' }),
        expect.objectContaining({ field: 'currency' }),
        {
          field: 'defaultAppSettings.positionIntervalSeconds',
          message: 'validation.numberMin',
          params: { count: 10 },
        },
        {
          field: 'defaultAppSettings.lowBatteryThresholdPercent',
          message: 'validation.numberMax',
          params: { count: 100 },
        },
      ]),
    );
  });

  it('updates and deletes; an unknown id is 404; a reader cannot write', async () => {
    const id = (await send(admin, 'POST', '/api/products', { ...WATCH, name: 'Old watch' })).json().id;
    const updated = await send(admin, 'PUT', `/api/products/${id}`, {
      ...WATCH,
      name: 'Old watch 2',
      listPriceMinor: 99,
    });
    expect(updated.json()).toMatchObject({ name: 'Old watch 2', listPriceMinor: 99 });
    expect((await send(viewer, 'DELETE', `/api/products/${id}`)).statusCode).toBe(403);
    expect((await send(viewer, 'POST', '/api/products', WATCH)).statusCode).toBe(403);
    expect((await send(admin, 'DELETE', `/api/products/${id}`)).statusCode).toBe(204);
    expect((await send(admin, 'GET', `/api/products/${id}`)).statusCode).toBe(404);
    expect((await send(admin, 'PUT', `/api/products/${id}`, WATCH)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/products/${id}`)).statusCode).toBe(404);
  });

  it('keeps an accessory’s launch date, end of life and count, and other kinds without them', async () => {
    const accessory = {
      kind: 'accessory',
      name: 'Charging cradle',
      listPriceMinor: 19_900,
      currency: 'DKK',
      launchDate: '2024-03-01',
      endOfLifeDate: '2027-12-31',
      count: 40,
    };
    const created = await send(admin, 'POST', '/api/products', accessory);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...accessory, stellaIdPrefix: null });
    const id = created.json().id;
    const edited = await send(admin, 'PUT', `/api/products/${id}`, {
      ...accessory,
      count: 0,
      endOfLifeDate: '',
    });
    expect(edited.json()).toMatchObject({ count: 0, endOfLifeDate: null, launchDate: '2024-03-01' });
    const listed = (await send(viewer, 'GET', '/api/products?filter=cradle&sorting=count%20desc')).json();
    expect(listed.items).toEqual([expect.objectContaining({ id, count: 0 })]);
    const service = await send(admin, 'POST', '/api/products', {
      kind: 'service',
      name: 'Support',
      listPriceMinor: 1,
      currency: 'DKK',
      launchDate: '2024-01-01',
      count: 5,
    });
    expect(service.json()).toMatchObject({ launchDate: null, endOfLifeDate: null, count: null });
  });

  it('refuses an accessory whose end of life is not after its launch, or a count below 0', async () => {
    const base = { kind: 'accessory', name: 'Strap', listPriceMinor: 100, currency: 'DKK' };
    for (const endOfLifeDate of ['2024-02-29', '2024-03-01']) {
      const response = await send(admin, 'POST', '/api/products', {
        ...base,
        launchDate: '2024-03-01',
        endOfLifeDate,
        count: 1,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.validationErrors).toEqual([
        { field: 'endOfLifeDate', message: 'products:endOfLifeBeforeLaunch' },
      ]);
    }
    const counts = [
      [-1, 'validation.numberMin'],
      [2.5, 'validation.mustBeNumber'],
      [null, 'validation.required'],
    ] as const;
    for (const [count, message] of counts) {
      const response = await send(admin, 'POST', '/api/products', { ...base, count });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.validationErrors).toEqual([
        expect.objectContaining({ field: 'count', message }),
      ]);
    }
    const badDate = await send(admin, 'POST', '/api/products', {
      ...base,
      count: 1,
      launchDate: '2024-02-30',
    });
    expect(badDate.json().error.validationErrors).toEqual([
      { field: 'launchDate', message: 'validation.invalid' },
    ]);
  });

  it('lists the currencies', async () => {
    const response = await send(viewer, 'GET', '/api/currencies');
    expect(response.json().items.map((item: { code: string }) => item.code)).toEqual([
      'DKK',
      'SEK',
      'NOK',
      'EUR',
    ]);
  });
});
