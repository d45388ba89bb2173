import { ALL_PERMISSIONS } from '@homeward/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { devices } from '../devices/devices.schema';
import { signedInCaller } from '../users/identity-test-callers';

/** Test helpers of the organizations API: a signed-in administrator and short request helpers. */

export const BASE = '/api/organizations';
export const ORGANIZATION_PERMISSIONS = ALL_PERMISSIONS.filter((name) =>
  /^Homeward\.Organizations(\.|$)/.test(name),
);

export interface OrganizationsCaller {
  tenantId: string;
  headers: Record<string, string>;
  create(displayName: string, parentId?: string | null, extra?: object): Promise<{ id: string }>;
  get(url: string): Promise<LightMyRequestResponse>;
}

export async function organizationsAdmin(t: TestApp, permissions = ORGANIZATION_PERMISSIONS) {
  const tenant = await given(t.database.db).tenant();
  const { headers } = await signedInCaller(t, { tenantId: tenant.id, permissions });
  const caller: OrganizationsCaller = {
    tenantId: tenant.id,
    headers,
    async create(displayName, parentId, extra) {
      const response = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers,
        payload: { displayName, parentId, ...extra },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    get: (url) => t.app.inject({ method: 'GET', url, headers }),
  };
  return caller;
}

/** Registers `count` watches of the tenant in an organization (straight to the database). */
export async function givenDevices(t: TestApp, tenantId: string, organizationId: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    await t.database.db
      .insert(devices)
      .values({ tenantId, name: `Watch ${index}`, imei: randomImei(), organizationId });
  }
}
