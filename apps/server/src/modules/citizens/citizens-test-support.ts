import { ALL_PERMISSIONS, type DeviceAppSettings } from '@homeward/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { contactPeople } from '../contact-people/contact-people.schema';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';
import { signedInCaller } from '../users/identity-test-callers';

/** Test helpers of the citizens API: a tenant with what citizens link to, and signed-in callers. */

export const CITIZEN_PERMISSIONS = ALL_PERMISSIONS.filter((name) => /^Homeward\.Citizens(\.|$)/.test(name));

export const PRODUCT_DEFAULTS: DeviceAppSettings = {
  positionIntervalSeconds: 120,
  sosNumber: '+4512345678',
  lowBatteryThresholdPercent: 15,
  fallDetection: true,
};

export interface CitizensCaller {
  headers: Record<string, string>;
  send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

export function callerOf(t: TestApp, headers: Record<string, string>): CitizensCaller {
  return {
    headers,
    send: (method, url, payload) =>
      t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) }),
  };
}

/** A tenant with an organization, a customer, a device family, watches, geofences and receivers. */
export async function citizensTenant(t: TestApp, permissions = CITIZEN_PERMISSIONS) {
  const db = t.database.db;
  const g = given(db);
  const tenant = await g.tenant();
  const organization = await g.organization(tenant.id);
  const customer = await g.customer(tenant.id);
  const [product] = await db
    .insert(products)
    .values({
      tenantId: tenant.id,
      kind: 'deviceFamily',
      name: 'Stella Watch',
      listPriceMinor: 10_000,
      currency: 'DKK',
      stellaIdPrefix: 'STL',
      serialNumberPattern: '^[A-Z0-9]{4,32}$',
      expectedReportingIntervalSeconds: 300,
      defaultAppSettings: PRODUCT_DEFAULTS,
    })
    .returning({ id: products.id });
  const watches = await db
    .insert(devices)
    .values(
      ['Watch A', 'Watch B', 'Watch C', 'Watch D'].map((name, index) => ({
        tenantId: tenant.id,
        name,
        imei: randomImei(),
        organizationId: organization.id,
        productId: index === 3 ? null : product!.id,
      })),
    )
    .returning({ id: devices.id });
  const geofenceA = await g.geofence(tenant.id);
  const geofenceB = await g.geofence(tenant.id);
  const caregiver = await g.user({ tenantId: tenant.id });
  const [contact] = await db
    .insert(contactPeople)
    .values({
      tenantId: tenant.id,
      customerId: customer.id,
      firstName: 'Karen',
      lastName: 'Holm',
      phone: '+4520304050',
      email: 'karen@example.com',
    })
    .returning({ id: contactPeople.id });
  const admin = callerOf(t, (await signedInCaller(t, { tenantId: tenant.id, permissions })).headers);
  return {
    tenant,
    organization,
    customer,
    deviceIds: watches.map((watch) => watch.id),
    geofenceIds: [geofenceA.id, geofenceB.id],
    caregiver,
    contactPersonId: contact!.id,
    admin,
    /** Another caller of the tenant with only these permissions. */
    async caller(only: string[]) {
      return callerOf(t, (await signedInCaller(t, { tenantId: tenant.id, permissions: only })).headers);
    },
  };
}

export type CitizensTenant = Awaited<ReturnType<typeof citizensTenant>>;

let cprSerial = 1000;
/** A valid CPR number (born 1 March 1945), different on every call. */
export function nextCpr(): string {
  cprSerial += 1;
  return `010345-${String(cprSerial).slice(-4)}`;
}

export function information(tenant: CitizensTenant, extra: object = {}) {
  return {
    name: 'Inge',
    surname: 'Jensen',
    cpr: nextCpr(),
    address: 'Åboulevarden 1',
    zipCode: '8000',
    city: 'Aarhus',
    organizationId: tenant.organization.id,
    specificCustomerId: null,
    standardPayer: 'municipality',
    ...extra,
  };
}

/** Creates a citizen through the wizard and returns its detail. */
export async function createCitizen(tenant: CitizensTenant, body: object = {}) {
  const response = await tenant.admin.send('POST', '/api/citizens/wizard', {
    information: information(tenant),
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; cpr: string; devices: { id: string }[] }>();
}

export function fieldErrors(response: LightMyRequestResponse) {
  return response.json<{ error: { validationErrors?: { field: string; message: string }[] } }>().error
    .validationErrors;
}
