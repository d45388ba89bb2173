import { randomBytes } from 'node:crypto';
import { ALL_PERMISSIONS, type DeviceAppSettings, type PhysicalLocation } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { billingSubscriptions } from '../billing/billing.schema';
import {
  citizenAlarmReceivers,
  citizenDeviceSettings,
  citizenGeofences,
  citizens,
} from '../citizens/citizens.schema';
import { devices, type NewDeviceRow } from '../devices/devices.schema';

/** Test helpers of device administration: a tenant with watches, a citizen and its links. */

export const ADMINISTRATION_PERMISSIONS = ALL_PERMISSIONS.filter((name) =>
  /^Homeward\.DeviceAdministration(\.|$)/.test(name),
);

export const CITIZEN_SETTINGS: DeviceAppSettings = {
  positionIntervalSeconds: 300,
  sosNumber: '+4511223344',
  lowBatteryThresholdPercent: 25,
  fallDetection: false,
};

export async function administrationTenant(t: TestApp, permissions = ADMINISTRATION_PERMISSIONS) {
  const g = given(t.database.db);
  const tenant = await g.tenant();
  const organization = await g.organization(tenant.id);
  const user = await g.user({ tenantId: tenant.id, permissions });
  const tokens = await signIn(t, user);
  const db = t.database.db;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers: object = {}) =>
    t.app.inject({
      method,
      url: `/api/device-administration/devices${url}`,
      headers: { ...bearer(tokens), 'accept-language': 'en', ...headers },
      ...(payload ? { payload } : {}),
    });

  async function watch(values: Partial<NewDeviceRow> & { physicalLocation?: PhysicalLocation } = {}) {
    const imei = randomImei();
    const [row] = await db
      .insert(devices)
      .values({
        tenantId: tenant.id,
        organizationId: organization.id,
        name: `Watch ${imei.slice(-4)}`,
        imei,
        ...values,
      })
      .returning();
    return row!;
  }

  /** A citizen wearing `deviceId`, with app settings for it, a geofence and an alarm receiver. */
  async function citizenWearing(deviceId: string) {
    const [citizen] = await db
      .insert(citizens)
      .values({
        tenantId: tenant.id,
        organizationId: organization.id,
        name: 'Karen',
        surname: `Holm ${randomBytes(2).toString('hex')}`,
        cprEncrypted: 'test',
        cprHash: randomBytes(16).toString('hex'),
      })
      .returning();
    const citizenId = citizen!.id;
    await db.update(devices).set({ citizenId }).where(eq(devices.id, deviceId));
    await db
      .insert(citizenDeviceSettings)
      .values({ tenantId: tenant.id, citizenId, deviceId, settings: CITIZEN_SETTINGS });
    const geofence = await g.geofence(tenant.id);
    await db.insert(citizenGeofences).values({ tenantId: tenant.id, citizenId, geofenceId: geofence.id });
    await db
      .insert(citizenAlarmReceivers)
      .values({ tenantId: tenant.id, citizenId, position: 1, kind: 'user', userId: user.id });
    return { citizenId, geofenceId: geofence.id };
  }

  async function subscription(deviceId: string, status: 'active' | 'paused' = 'active') {
    const [row] = await db
      .insert(billingSubscriptions)
      .values({ tenantId: tenant.id, deviceId, plan: 'monthly', status })
      .returning();
    return row!;
  }

  return { tenant, organization, user, tokens, call, watch, citizenWearing, subscription };
}

export type AdministrationTenant = Awaited<ReturnType<typeof administrationTenant>>;
