import { DEVICE_MESSAGE_KEYS, type Device, type RegisterDeviceRequest } from '@homeward/contracts';
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
