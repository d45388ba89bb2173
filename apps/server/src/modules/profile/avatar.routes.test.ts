import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZE_PX } from '@homeward/contracts';
import { settings } from '../settings/settings.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedInUser(tenantId: string | null) {
  const user = await given(t.database.db).user({ tenantId });
  return { user, headers: bearer(await signIn(t, user)) };
}

/** A photo-like PNG of the given size (noise does not compress, so the file stays large). */
async function noisePng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

const upload = (headers: Record<string, string>, body: Buffer | string, contentType = 'image/png') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/account/avatar',
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });

describe('avatar', () => {
  it('stores a valid image as a square thumbnail, served with caching under a URL that changes with it', async () => {
    const tenant = await given(t.database.db).tenant();
    const { user, headers } = await signedInUser(tenant.id);
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#ee4d9b' } })
      .jpeg()
      .toBuffer();
    // The Content-Type is only the way in: a JPEG sent as image/png is stored as what it is.
    const uploaded = await upload(headers, photo, 'image/png');
    expect(uploaded.statusCode).toBe(200);
    const avatarUrl: string = uploaded.json().avatarUrl;
    expect(avatarUrl).toMatch(new RegExp(`^/api/account/avatars/${user.id}\\?v=[\\w-]{16}$`));

    const served = await t.app.inject({ method: 'GET', url: avatarUrl, headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toBe(`"${new URL(avatarUrl, 'http://x').searchParams.get('v')}"`);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual([
      'webp',
      AVATAR_SIZE_PX,
      AVATAR_SIZE_PX,
    ]);

    const again = await t.app.inject({
      method: 'GET',
      url: avatarUrl,
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Without the version the answer must be checked again each time.
    const unversioned = await t.app.inject({
      method: 'GET',
      url: `/api/account/avatars/${user.id}`,
      headers,
    });
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');

    const replaced = await upload(headers, await noisePng(300, 300));
    expect(replaced.json().avatarUrl).not.toBe(avatarUrl);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl, headers })).headers['cache-control']).toBe(
      'private, no-cache',
    );
  });

  it('refuses a 3 MB image with the MB message, and a body over the route limit the same way', async () => {
    const { headers } = await signedInUser((await given(t.database.db).tenant()).id);
    const big = await noisePng(1024, 1024);
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const refused = await upload(headers, big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'file', message: 'profile:errors.avatarTooLarge', params: { count: 2 } },
    ]);
    const huge = await upload(headers, Buffer.alloc(22 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.validationErrors).toEqual([
      { field: 'file', message: 'profile:errors.avatarTooLarge', params: { count: 2 } },
    ]);
  });

  it('follows the size setting of the tenant', async () => {
    const tenant = await given(t.database.db).tenant();
    await t.database.db.insert(settings).values({
      name: 'Account.AvatarMaxMegabytes',
      value: '4',
      providerName: 'T',
      providerKey: tenant.id,
      tenantId: tenant.id,
    });
    const { headers } = await signedInUser(tenant.id);
    expect((await upload(headers, await noisePng(1024, 1024))).statusCode).toBe(200);
  });

  it('tells the type by content: a text file named .png, a 10 MB text body and JSON are refused', async () => {
    const { headers } = await signedInUser((await given(t.database.db).tenant()).id);
    const text = await upload(headers, 'this is not a picture\n'.repeat(10));
    expect(text.statusCode).toBe(415);
    expect(text.json().error.validationErrors).toEqual([
      { field: 'file', message: 'profile:errors.avatarNotAnImage' },
    ]);
    expect((await upload(headers, Buffer.alloc(10 * 1024 * 1024, 0x41), 'image/png')).statusCode).toBe(413);
    expect((await upload(headers, '{"file":"x"}', 'application/json')).statusCode).toBe(415);
    expect((await upload(headers, Buffer.from([0, 0, 0]), 'application/octet-stream')).statusCode).toBe(415);
    // A PNG signature followed by garbage: the right type, but it does not decode.
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 7),
    ]);
    const unreadable = await upload(headers, broken);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.validationErrors).toEqual([
      { field: 'file', message: 'profile:errors.avatarUnreadable' },
    ]);
  });

  it('is removed, and a user of another tenant cannot fetch it; a colleague of the tenant can', async () => {
    const tenant = await given(t.database.db).tenant();
    const { user, headers } = await signedInUser(tenant.id);
    const avatarUrl: string = (await upload(headers, await noisePng(64, 64))).json().avatarUrl;

    const stranger = await signedInUser((await given(t.database.db).tenant()).id);
    expect(
      (await t.app.inject({ method: 'GET', url: avatarUrl, headers: stranger.headers })).statusCode,
    ).toBe(404);
    const host = await signedInUser(null);
    expect((await t.app.inject({ method: 'GET', url: avatarUrl, headers: host.headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(401);
    const colleague = await signedInUser(tenant.id);
    expect(
      (await t.app.inject({ method: 'GET', url: avatarUrl, headers: colleague.headers })).statusCode,
    ).toBe(200);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/account/avatar', headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().avatarUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: avatarUrl, headers })).statusCode).toBe(404);
    expect(user.id).toBeTruthy();
  });
});
