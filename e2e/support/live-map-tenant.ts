import type { Citizen } from '@homeward/contracts';
import { apiRequest, passwordGrant } from './accounts';
import { validCpr } from './citizens';
import { DEMO_PASSWORD } from './sign-in';
import { randomImei } from './watches';

/** A tenant of its own, so its many watches page nobody else's away; its administrator signs in by e-mail. */
export interface LiveMapTenant {
  adminEmail: string;
  adminPassword: string;
  token: string;
  citizens: { id: string; name: string; imei: string; deviceId: string }[];
}

/**
 * Creates a tenant (as the host administrator) with one organization unit and `count` citizens,
 * each wearing a watch of its own registered in one CSV batch, through the API the screens call.
 */
export async function liveMapTenant(baseUrl: string, count: number): Promise<LiveMapTenant> {
  const suffix = Date.now().toString(36);
  const adminEmail = `livemap.${suffix}@example.com`;
  const adminPassword = 'Journey-Password1!';
  const host = await passwordGrant(baseUrl, 'branded', 'admin', DEMO_PASSWORD);
  await apiRequest(baseUrl, '/api/tenants', {
    method: 'POST',
    token: host,
    body: JSON.stringify({ name: `Live map ${suffix}`, adminEmail, adminPassword }),
  });
  const token = await passwordGrant(baseUrl, 'branded', adminEmail, adminPassword);
  const json = async <T>(path: string, init: RequestInit = {}) =>
    (await (await apiRequest(baseUrl, path, { ...init, token })).json()) as T;

  const unitName = `Home care ${suffix}`;
  const unit = await json<{ id: string }>('/api/identity/organization-units', {
    method: 'POST',
    body: JSON.stringify({ displayName: unitName, parentId: null }),
  });
  const imeis = Array.from({ length: count }, () => randomImei());
  const batch = await json<{ created: number; rows: { imei: string; deviceId: string | null }[] }>(
    '/api/devices/batch',
    {
      method: 'POST',
      body: JSON.stringify({
        csv: [
          'imei;name;organization',
          ...imeis.map((imei, index) => `${imei};Watch ${index + 1};${unitName}`),
        ].join('\n'),
      }),
    },
  );
  if (batch.created !== count) throw new Error(`registered ${batch.created} of ${count} watches`);

  const citizens: LiveMapTenant['citizens'] = [];
  for (const [index, row] of batch.rows.entries()) {
    const surname = `Walker ${String(index + 1).padStart(2, '0')}`;
    const created = await json<Citizen>('/api/citizens/wizard', {
      method: 'POST',
      body: JSON.stringify({
        information: { name: 'Map', surname, cpr: validCpr(), organizationId: unit.id },
        deviceIds: [row.deviceId],
      }),
    });
    citizens.push({ id: created.id, name: `Map ${surname}`, imei: row.imei, deviceId: row.deviceId! });
  }
  return { adminEmail, adminPassword, token, citizens };
}
