import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { bearer, type TestTokens } from '../../test/sign-in';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';

/** Test helpers of watches in a seller's stock, waiting for a household to connect them. */

export interface StockWatch {
  id: string;
  imei: string;
  code: string;
}

/**
 * A watch registered by `seller` (staff allowed to create devices and read activation codes) in
 * `organizationId`, and the activation code on its box as staff read it back.
 */
export async function stockWatchIn(
  t: TestApp,
  seller: TestTokens,
  organizationId: string,
): Promise<StockWatch> {
  const imei = randomImei();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/devices',
    headers: bearer(seller),
    payload: { name: `Stock ${imei.slice(-4)}`, imei, organizationId },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  const code = await t.app.inject({ url: `/api/devices/${id}/activation-code`, headers: bearer(seller) });
  expect(code.statusCode, code.body).toBe(200);
  return { id, imei, code: code.json<{ activationCode: string }>().activationCode };
}
