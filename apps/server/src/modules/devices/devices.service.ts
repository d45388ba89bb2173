import { sql } from 'drizzle-orm';
import {
  DEVICE_MESSAGE_KEYS,
  FEATURE_MESSAGE_KEYS,
  FEATURE_NAMES,
  type Device,
  type RegisterDeviceRequest,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { loadTenantFeature } from '../tenants/tenant-features';
import { findDevices, imeiExists, insertDevice } from './devices.repository';
import type { DeviceRow } from './devices.schema';
import { type RequestContext } from '../../platform/http/request-context';
import { type PageRequest } from '../../platform/db/query-helpers';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';

type DeviceContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId'>;

function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    name: row.name,
    imei: row.imei,
    status: row.status,
    tenantId: row.tenantId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A tenant may hold at most `Homeward.MaxDevices` watches (0: none). The host is not limited: its
 * devices are every plug-and-play user's. A per-tenant advisory lock makes two registrations at
 * once count one after the other, so the limit holds under a race.
 */
async function refuseBeyondDeviceLimit(db: Database, tenantId: string | null): Promise<void> {
  if (tenantId === null) return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${tenantId}, 0))`);
  const limit = await loadTenantFeature<number>(db, tenantId, FEATURE_NAMES.maxDevices);
  const { totalCount } = await findDevices(db, tenantId, { skipCount: 0, maxResultCount: 1 });
  if (totalCount >= limit) {
    throw fieldError('imei', FEATURE_MESSAGE_KEYS.maxDevicesReached, { count: limit });
  }
}

/**
 * Registers a watch in the caller's tenant. An IMEI registered anywhere is refused with the same
 * field error whoever holds it, so the answer never tells which tenant has the watch.
 */
export async function registerDevice(ctx: DeviceContext, input: RegisterDeviceRequest): Promise<Device> {
  const imeiTaken = { field: 'imei', message: DEVICE_MESSAGE_KEYS.imeiTaken };
  // Two registrations of one IMEI at the same moment both pass the check; the unique index decides.
  return withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        if (await imeiExists(tx, input.imei)) throw fieldError(imeiTaken.field, imeiTaken.message);
        await refuseBeyondDeviceLimit(tx, ctx.tenantId);
        const row = await insertDevice(tx, {
          tenantId: ctx.tenantId,
          name: input.name,
          imei: input.imei,
          createdByUserId: ctx.userId,
        });
        return toDevice(row);
      }),
    { devices_imei_unique: imeiTaken },
  );
}

export async function listDevices(ctx: Pick<DeviceContext, 'db' | 'tenantId'>, page: PageRequest) {
  const result = await findDevices(ctx.db, ctx.tenantId, page);
  return { items: result.items.map(toDevice), totalCount: result.totalCount };
}
