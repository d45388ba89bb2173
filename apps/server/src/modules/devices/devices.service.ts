import { sql } from 'drizzle-orm';
import {
  ACTIVE_DEVICE_STATUSES,
  DEVICE_MESSAGE_KEYS,
  DEVICE_STATUSES,
  FEATURE_MESSAGE_KEYS,
  FEATURE_NAMES,
  type Device,
  type DeviceListRequest,
  type DeviceStatus,
  type DeviceSummary,
  type UpdateDeviceRequest,
  type ValidationError,
  type zRegisterDeviceRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { loadTenantFeature } from '../tenants';
import {
  countDevices,
  countDevicesByStatus,
  deleteDevice,
  deviceIdentifierExists,
  findDevice,
  findDevices,
  findOrganizationId,
  findOrganizationOptions,
  imeiExists,
  insertDevice,
  stellaIdExists,
  updateDevice,
  type DeviceListRow,
} from './devices.repository';
import { findDeviceFamilies, findDeviceFamily, matchesSerialNumberPattern } from './device-families';
import { type RequestContext } from '../../platform/http/request-context';
import { isoTime, type PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { newActivationCodeColumns, type ActivationCodeProtection } from './activation-codes';

type DeviceContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId'>;
export type ParsedRegistration = z.output<typeof zRegisterDeviceRequest>;

export function toDevice(row: DeviceListRow): Device {
  return {
    id: row.id,
    name: row.name,
    imei: row.imei,
    status: row.status,
    tenantId: row.tenantId,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    productId: row.productId,
    productName: row.productName,
    citizenId: row.citizenId,
    citizenName: row.citizenName,
    battery: row.battery,
    networkStatus: row.networkStatus,
    lastSeenAt: isoTime(row.lastSeenAt),
    location:
      row.latitude !== null && row.longitude !== null && row.locatedAt
        ? { lat: row.latitude, lon: row.longitude, at: row.locatedAt.toISOString(), valid: row.locationValid }
        : null,
    phoneNumber: row.phoneNumber,
    serialNumber: row.serialNumber,
    deviceIdentifier: row.deviceIdentifier,
    stellaId: row.stellaId,
    owner: row.owner,
    purchaseDate: row.purchaseDate,
    operator: row.operator,
    saleType: row.saleType,
    condition: row.condition,
    diag: row.diag,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A tenant may hold at most `Homeward.MaxDevices` watches (0: none). A per-tenant advisory lock
 * makes two registrations at once count one after the other, so the limit holds under a race.
 */
export async function refuseBeyondDeviceLimit(db: Database, tenantId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${tenantId}, 0))`);
  const limit = await loadTenantFeature<number>(db, tenantId, FEATURE_NAMES.maxDevices);
  if ((await countDevices(db, tenantId)) >= limit) {
    throw fieldError('imei', FEATURE_MESSAGE_KEYS.maxDevicesReached, { count: limit });
  }
}

export const UNIQUE_FIELD_ERRORS = {
  devices_imei_unique: { field: 'imei', message: DEVICE_MESSAGE_KEYS.imeiTaken },
  devices_stella_id_unique: { field: 'stellaId', message: DEVICE_MESSAGE_KEYS.stellaIdTaken },
  devices_device_identifier_unique: {
    field: 'deviceIdentifier',
    message: DEVICE_MESSAGE_KEYS.deviceIdentifierTaken,
  },
};

function validationFailed(errors: ValidationError[]): DomainError {
  return new DomainError('validation_failed', undefined, undefined, errors);
}

/**
 * Every rule of one registration that needs the database, collected so a form shows all its field
 * errors at once. A Stella ID without the product's prefix is a warning the user may override: it
 * comes last, as a `conflict`, only when everything else is right.
 */
export async function checkRegistration(
  db: Database,
  tenantId: string,
  input: ParsedRegistration,
): Promise<void> {
  const errors: ValidationError[] = [];
  const imeiTaken = await imeiExists(db, input.imei);
  const stellaTaken = input.stellaId ? await stellaIdExists(db, input.stellaId) : false;
  const identifierTaken = input.deviceIdentifier
    ? await deviceIdentifierExists(db, input.deviceIdentifier)
    : false;
  const organizationId = await findOrganizationId(db, tenantId, input.organizationId);
  if (imeiTaken) errors.push(UNIQUE_FIELD_ERRORS.devices_imei_unique);
  if (stellaTaken) errors.push(UNIQUE_FIELD_ERRORS.devices_stella_id_unique);
  if (identifierTaken) errors.push(UNIQUE_FIELD_ERRORS.devices_device_identifier_unique);
  if (!organizationId)
    errors.push({ field: 'organizationId', message: DEVICE_MESSAGE_KEYS.unknownOrganization });

  const family = input.productId ? await findDeviceFamily(db, tenantId, input.productId) : null;
  if (input.productId && !family)
    errors.push({ field: 'productId', message: DEVICE_MESSAGE_KEYS.unknownProduct });
  if (family && input.serialNumber && family.serialNumberPattern) {
    if (!matchesSerialNumberPattern(family.serialNumberPattern, input.serialNumber)) {
      errors.push({ field: 'serialNumber', message: DEVICE_MESSAGE_KEYS.serialNumberInvalid });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);

  const prefix = family?.stellaIdPrefix;
  if (prefix && input.stellaId && !input.stellaId.startsWith(prefix) && !input.acceptStellaIdPrefixMismatch) {
    throw new DomainError('conflict', undefined, DEVICE_MESSAGE_KEYS.stellaIdPrefixMismatch, [
      { field: 'stellaId', message: DEVICE_MESSAGE_KEYS.stellaIdPrefixMismatch, params: { prefix } },
    ]);
  }
}

/**
 * Registers a watch in the caller's tenant and organization, with a new activation code for its
 * box. A value registered anywhere is refused with the same field error whoever holds it, so the
 * answer never tells which tenant has the watch. Registration needs a tenant: the host registers
 * only after filtering to one.
 */
export async function registerDevice(
  ctx: DeviceContext,
  input: ParsedRegistration,
  activationCodes: ActivationCodeProtection,
): Promise<Device> {
  const tenantId = ctx.tenantId;
  if (tenantId === null) throw fieldError('tenantId', DEVICE_MESSAGE_KEYS.tenantRequired);
  // Two registrations of one IMEI at the same moment both pass the check; the unique index decides.
  return withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        await checkRegistration(tx, tenantId, input);
        await refuseBeyondDeviceLimit(tx, tenantId);
        const { acceptStellaIdPrefixMismatch: _accepted, ...fields } = input;
        const { printed: _printed, ...code } = newActivationCodeColumns(activationCodes, fields.imei);
        const row = await insertDevice(tx, { ...fields, ...code, tenantId, createdByUserId: ctx.userId });
        return toDevice((await findDevice(tx, tenantId, row.id))!);
      }),
    UNIQUE_FIELD_ERRORS,
  );
}

export async function listDevices(
  ctx: Pick<DeviceContext, 'db' | 'tenantId'>,
  request: PageRequest & Omit<DeviceListRequest, keyof PageRequest>,
) {
  const result = await findDevices(ctx.db, ctx.tenantId, request);
  return { items: result.items.map(toDevice), totalCount: result.totalCount };
}

export async function getDevice(ctx: Pick<DeviceContext, 'db' | 'tenantId'>, id: string): Promise<Device> {
  const row = await findDevice(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return toDevice(row);
}

/** The dashboard's actions: rename the watch, or move it to another organization of the tenant. */
export async function changeDevice(
  ctx: DeviceContext,
  id: string,
  input: UpdateDeviceRequest,
): Promise<Device> {
  return ctx.db.transaction(async (tx) => {
    if (!(await findDevice(tx, ctx.tenantId, id))) throw new DomainError('not_found');
    const organizationId = await findOrganizationId(tx, ctx.tenantId, input.organizationId);
    if (!organizationId) throw fieldError('organizationId', DEVICE_MESSAGE_KEYS.unknownOrganization);
    await updateDevice(tx, ctx.tenantId, id, { name: input.name, organizationId });
    return toDevice((await findDevice(tx, ctx.tenantId, id))!);
  });
}

export async function removeDevice(ctx: DeviceContext, id: string): Promise<void> {
  if (!(await deleteDevice(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
}

/** The dashboard chart: active and inactive watches, and the count of each status. */
export async function summarizeDevices(ctx: Pick<DeviceContext, 'db' | 'tenantId'>): Promise<DeviceSummary> {
  const byStatus = Object.fromEntries(DEVICE_STATUSES.map((status) => [status, 0])) as Record<
    DeviceStatus,
    number
  >;
  for (const { status, n } of await countDevicesByStatus(ctx.db, ctx.tenantId)) byStatus[status] = n;
  const active = ACTIVE_DEVICE_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  const total = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  return { active, inactive: total - active, byStatus };
}

export async function listOrganizationOptions(ctx: Pick<DeviceContext, 'db' | 'tenantId'>) {
  return { items: await findOrganizationOptions(ctx.db, ctx.tenantId) };
}

export async function listProductOptions(ctx: Pick<DeviceContext, 'db' | 'tenantId'>) {
  const families = await findDeviceFamilies(ctx.db, ctx.tenantId);
  return { items: families.map(({ id, name, stellaIdPrefix }) => ({ id, name, stellaIdPrefix })) };
}
