import { randomBytes } from 'node:crypto';
import type { IsolationCase } from './isolation-case';

// What the isolation cases' seeds share: unique names, IMEIs, created ids, a watch of tenant A.

export const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** A 15-digit IMEI with a valid Luhn check digit, different on every call. */
export function randomImei(): string {
  const body = Array.from(randomBytes(14), (byte) => String(byte % 10)).join('');
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(body[13 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

interface SeedResponse {
  statusCode: number;
  body: string;
  json(): unknown;
}

export function succeeded(response: SeedResponse): SeedResponse {
  if (response.statusCode >= 300) throw new Error(`seed refused: ${response.statusCode} ${response.body}`);
  return response;
}

/** The created row's id from a successful create. */
export function createdId(response: SeedResponse): string {
  return (succeeded(response).json() as { id: string }).id;
}

/** A watch of tenant A with a fresh IMEI, registered through the API in a new organization unit of A. */
export async function registerIsolatedWatch(
  { a, given }: Pick<Parameters<IsolationCase['seed']>[0], 'a' | 'given'>,
  name: string,
): Promise<{ id: string; imei: string; organizationId: string }> {
  const imei = randomImei();
  const organizationId = (await given.organization(a.tenantId)).id;
  const id = createdId(
    await a.request({ method: 'POST', url: '/api/devices', payload: { name, imei, organizationId } }),
  );
  return { id, imei, organizationId };
}
