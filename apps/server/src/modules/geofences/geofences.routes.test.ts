import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';

let t: TestApp;
let admin: TestTokens;
let viewer: TestTokens;

const circle = { kind: 'circle', center: { lat: 56.1572, lon: 10.2107 }, radiusMeters: 250 };
const square = {
  kind: 'polygon',
  polygon: {
    type: 'Polygon',
    coordinates: [
      [
        [10.2, 56.15],
        [10.22, 56.15],
        [10.22, 56.16],
        [10.2, 56.16],
        [10.2, 56.15],
      ],
    ],
  },
};

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const tenant = await g.tenant();
  const all = [
    'Homeward.Geofences',
    'Homeward.Geofences.Create',
    'Homeward.Geofences.Edit',
    'Homeward.Geofences.Delete',
  ];
  const adminUser = await g.user({
    tenantId: tenant.id,
    roles: [await g.role({ tenantId: tenant.id, permissions: all })],
  });
  const viewerUser = await g.user({
    tenantId: tenant.id,
    roles: [await g.role({ tenantId: tenant.id, permissions: ['Homeward.Geofences'] })],
  });
  [admin, viewer] = await Promise.all([signIn(t, adminUser), signIn(t, viewerUser)]);
});
afterAll(async () => {
  await t.close();
});

const send = (
  tokens: TestTokens | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(tokens ? bearer(tokens) : {}), 'accept-language': 'da' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = (payload: unknown, tokens: TestTokens = admin) =>
  send(tokens, 'POST', '/api/geofences', payload);
const fieldErrors = (response: { json(): unknown }) =>
  (response.json() as { error: { validationErrors: { field: string; message: string }[] } }).error
    .validationErrors;

describe('geofences', () => {
  it('adds a circle and a polygon, stores their shapes and bounding boxes, and lists them', async () => {
    const created = await create({ name: 'Plejehjem Solglimt', description: 'Have', geometry: circle });
    expect(created.statusCode).toBe(201);
    const fence = created.json();
    expect(fence).toMatchObject({
      name: 'Plejehjem Solglimt',
      description: 'Have',
      kind: 'circle',
      geometry: circle,
    });
    expect(fence.boundingBox.minLat).toBeLessThan(56.1572);
    expect(fence.boundingBox.maxLon).toBeGreaterThan(10.2107);

    const polygon = await create({ name: 'Frederiksbjerg', geometry: square });
    expect(polygon.statusCode).toBe(201);
    expect(polygon.json()).toMatchObject({
      kind: 'polygon',
      description: null,
      geometry: square,
      boundingBox: { minLat: 56.15, maxLat: 56.16, minLon: 10.2, maxLon: 10.22 },
    });

    const page = (await send(viewer, 'GET', '/api/geofences?sorting=name asc')).json();
    expect(page.totalCount).toBe(2);
    expect(page.items.map((item: { name: string }) => item.name)).toEqual([
      'Frederiksbjerg',
      'Plejehjem Solglimt',
    ]);
    const searched = (await send(viewer, 'GET', '/api/geofences?filter=solglimt')).json();
    expect(searched.items.map((item: { id: string }) => item.id)).toEqual([fence.id]);
    expect((await send(viewer, 'GET', '/api/geofences?filter=have')).json().totalCount).toBe(1);
    const paged = (
      await send(viewer, 'GET', '/api/geofences?maxResultCount=1&skipCount=1&sorting=name desc')
    ).json();
    expect(paged).toMatchObject({ totalCount: 2, items: [{ name: 'Frederiksbjerg' }] });
    expect((await send(viewer, 'GET', `/api/geofences/${fence.id}`)).json().geometry).toEqual(circle);
  });

  it('refuses saving without an area with the spec’s message, translated', async () => {
    const response = await create({ name: 'Nothing drawn', geometry: null });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual([
      expect.objectContaining({ field: 'geometry', message: 'geofences:areaRequired' }),
    ]);
    expect(response.json().error.message).toBeTypeOf('string');
    const missing = await create({ name: 'Nothing drawn' });
    expect(fieldErrors(missing)[0]).toMatchObject({ field: 'geometry', message: 'geofences:areaRequired' });
  });

  it('refuses a self-intersecting polygon, too few points, a bad radius and coordinates out of range', async () => {
    const ring = (coordinates: number[][]) => ({
      kind: 'polygon',
      polygon: { type: 'Polygon', coordinates: [coordinates] },
    });
    const cases: [unknown, string, string][] = [
      [
        ring([
          [10, 56],
          [10.1, 56.1],
          [10.1, 56],
          [10, 56.1],
          [10, 56],
        ]),
        'geometry.polygon.coordinates',
        'geofences:polygonSelfIntersecting',
      ],
      [
        ring([
          [10, 56],
          [10.1, 56.1],
          [10, 56],
        ]),
        'geometry.polygon.coordinates',
        'geofences:polygonTooFewPoints',
      ],
      [
        ring([
          [10, 56],
          [10.1, 56.1],
          [10.1, 56],
        ]),
        'geometry.polygon.coordinates',
        'geofences:polygonNotClosed',
      ],
      [{ ...circle, radiusMeters: 0 }, 'geometry.radiusMeters', 'geofences:radiusOutOfRange'],
      [{ ...circle, radiusMeters: 50_001 }, 'geometry.radiusMeters', 'geofences:radiusOutOfRange'],
      [{ ...circle, center: { lat: 91, lon: 10 } }, 'geometry.center.lat', 'validation.numberMax'],
      [
        ring([
          [10, 56],
          [190, 56.1],
          [10.1, 56],
          [10, 56],
        ]),
        'geometry.polygon.coordinates.0.1.0',
        'validation.numberMax',
      ],
    ];
    for (const [geometry, field, message] of cases) {
      const response = await create({ name: 'Bad', geometry });
      expect(response.statusCode, JSON.stringify(geometry)).toBe(400);
      expect(fieldErrors(response)).toEqual([expect.objectContaining({ field, message })]);
    }
    expect((await send(viewer, 'GET', '/api/geofences?filter=Bad')).json().totalCount).toBe(0);
  });

  it('updates name, description and area, and lets a circle become a polygon', async () => {
    const id = (await create({ name: 'Moving', geometry: circle })).json().id;
    const updated = await send(admin, 'PUT', `/api/geofences/${id}`, {
      name: 'Moved',
      description: 'Now a polygon',
      geometry: square,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, name: 'Moved', kind: 'polygon', geometry: square });
    const refused = await send(admin, 'PUT', `/api/geofences/${id}`, { name: 'Moved', geometry: null });
    expect(fieldErrors(refused)[0]).toMatchObject({ field: 'geometry', message: 'geofences:areaRequired' });
    expect((await send(admin, 'GET', `/api/geofences/${id}`)).json().kind).toBe('polygon');
  });

  it('deletes, then answers 404 for the id on read, update and delete', async () => {
    const id = (await create({ name: 'Short-lived', geometry: circle })).json().id;
    expect((await send(admin, 'DELETE', `/api/geofences/${id}`)).statusCode).toBe(204);
    expect((await send(admin, 'GET', `/api/geofences/${id}`)).statusCode).toBe(404);
    expect(
      (await send(admin, 'PUT', `/api/geofences/${id}`, { name: 'x', geometry: circle })).statusCode,
    ).toBe(404);
    expect((await send(admin, 'DELETE', `/api/geofences/${id}`)).statusCode).toBe(404);
  });

  it('answers 401 without a token and 403 without the write permissions', async () => {
    expect((await send(undefined, 'GET', '/api/geofences')).statusCode).toBe(401);
    const id = (await create({ name: 'Guarded', geometry: circle })).json().id;
    expect((await create({ name: 'x', geometry: circle }, viewer)).statusCode).toBe(403);
    expect(
      (await send(viewer, 'PUT', `/api/geofences/${id}`, { name: 'x', geometry: circle })).statusCode,
    ).toBe(403);
    expect((await send(viewer, 'DELETE', `/api/geofences/${id}`)).statusCode).toBe(403);
    expect((await send(viewer, 'GET', `/api/geofences/${id}`)).json().name).toBe('Guarded');
  });

  it('refuses sorting by an unknown field', async () => {
    const response = await send(viewer, 'GET', '/api/geofences?sorting=polygon asc');
    expect(fieldErrors(response)).toEqual([expect.objectContaining({ field: 'sorting' })]);
  });
});
