import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { devices } from '../devices/devices.schema';
import { verifyDeviceSecret } from '../devices/device-secret';
import { givenDevice, openPipelineTestApp } from '../telemetry/telemetry-test-support';

/** Issuing a device's MQTT secret from the terminal: shown once, stored as a hash, in the tenant. */
let t: TestApp;
let close: () => Promise<void>;
let tenantId: string;
let editor: TestTokens;
let viewer: TestTokens;
let otherTenantEditor: TestTokens;

beforeAll(async () => {
  ({ t, tenantId, close } = await openPipelineTestApp([]));
  const g = given(t.database.db);
  const other = await g.tenant();
  const [a, b, c] = await Promise.all([
    g.user({ tenantId, permissions: ['Homeward.Devices', 'Homeward.Devices.Edit'] }),
    g.user({ tenantId, permissions: ['Homeward.Devices'] }),
    g.user({ tenantId: other.id, permissions: ['Homeward.Devices', 'Homeward.Devices.Edit'] }),
  ]);
  [editor, viewer, otherTenantEditor] = await Promise.all([signIn(t, a), signIn(t, b), signIn(t, c)]);
});
afterAll(async () => {
  await close();
});

const issue = (tokens: TestTokens, deviceId: string) =>
  t.app.inject({ method: 'POST', url: `/api/devices/${deviceId}/mqtt-secret`, headers: bearer(tokens) });
const storedHash = async (deviceId: string) =>
  (await t.database.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!.mqttSecretHash;

describe('POST /api/devices/:id/mqtt-secret', () => {
  it('issues a secret shown once, stores only its hash, and a new one replaces it', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const terminal = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/devices/${device.id}/terminal`,
          headers: bearer(viewer),
        })
      ).json();
    expect(await terminal()).toMatchObject({ hasMqttSecret: false });

    const first = await issue(editor, device.id);
    expect(first.statusCode, first.body).toBe(201);
    const { userName, secret } = first.json() as { userName: string; secret: string };
    expect(userName).toBe(device.imei);
    expect(secret.length).toBeGreaterThanOrEqual(20);
    const hash = await storedHash(device.id);
    expect(hash).not.toContain(secret);
    expect(await verifyDeviceSecret(secret, hash!)).toBe(true);
    expect(await terminal()).toMatchObject({ hasMqttSecret: true });

    const second = (await issue(editor, device.id)).json() as { secret: string };
    expect(second.secret).not.toBe(secret);
    const newHash = await storedHash(device.id);
    expect(await verifyDeviceSecret(secret, newHash!)).toBe(false);
    expect(await verifyDeviceSecret(second.secret, newHash!)).toBe(true);
  });

  it('needs Devices.Edit, and another tenant gets 404 and changes nothing', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    expect((await issue(viewer, device.id)).statusCode).toBe(403);
    expect((await issue(otherTenantEditor, device.id)).statusCode).toBe(404);
    expect(await storedHash(device.id)).toBeNull();
  });
});
