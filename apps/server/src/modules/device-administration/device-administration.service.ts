import {
  allowedPhysicalLocationTargets,
  physicalLocationOf,
  type AdministeredDevice,
  type AdministeredDeviceList,
  type DeviceHistoryChanges,
  type DeviceHistoryList,
  type zAdministeredDeviceListRequest,
  type zChangePhysicalLocationRequest,
  type zUpdateDeviceConditionRequest,
  type zUpdateDeviceSaleRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { isoTime } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import type { DeviceRow } from '../devices/devices.schema';
import * as repository from './device-administration.repository';
import { changePhysicalLocation, recordDeviceHistory, type DeviceChangeAuthor } from './physical-location';

/**
 * Device administration of the caller's tenant (the host also reads every tenant's under "All"):
 * the list and one watch, its history, its physical location, and its sale and condition.
 */

export type AdministrationContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'userName' | 'now'>;
type ReadContext = Pick<AdministrationContext, 'db' | 'tenantId'>;

export const authorOf = (ctx: AdministrationContext): DeviceChangeAuthor => ({
  userId: ctx.userId,
  userName: ctx.userName,
});

export function toAdministeredDevice(row: repository.AdministeredDeviceRow): AdministeredDevice {
  const location = physicalLocationOf(row.physicalLocation);
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    name: row.name,
    imei: row.imei,
    productName: row.productName,
    physicalLocation: location,
    allowedLocations: [...allowedPhysicalLocationTargets(location)],
    readyForSale: row.readyForSale,
    saleType: row.saleType,
    purchaseDate: row.purchaseDate,
    owner: row.owner,
    operator: row.operator,
    condition: row.condition,
    diag: row.diag,
    citizenId: row.citizenId,
    citizenName: row.citizenName,
    stoppedAs: row.stoppedAs,
    stoppedAt: isoTime(row.stoppedAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

export async function listAdministeredDevices(
  ctx: ReadContext,
  query: z.output<typeof zAdministeredDeviceListRequest>,
): Promise<AdministeredDeviceList> {
  const { items, totalCount } = await repository.findAdministeredDevices(ctx.db, ctx.tenantId, query);
  return { items: items.map(toAdministeredDevice), totalCount };
}

export async function getAdministeredDevice(ctx: ReadContext, id: string): Promise<AdministeredDevice> {
  const row = await repository.findAdministeredDevice(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return toAdministeredDevice(row);
}

export async function listDeviceHistory(
  ctx: ReadContext,
  id: string,
  page: { skipCount: number; maxResultCount: number },
): Promise<DeviceHistoryList> {
  await getAdministeredDevice(ctx, id);
  const { items, totalCount } = await repository.findDeviceHistory(ctx.db, ctx.tenantId, id, page);
  return {
    items: items.map((row) => ({
      id: row.id,
      deviceId: row.deviceId,
      kind: row.kind,
      fromLocation: row.fromLocation === null ? null : physicalLocationOf(row.fromLocation),
      toLocation: row.toLocation === null ? null : physicalLocationOf(row.toLocation),
      stopKind: row.stopKind,
      otherDeviceId: row.otherDeviceId,
      otherDeviceImei: row.otherDeviceImei,
      changes: row.changes,
      note: row.note,
      changedBy: row.changedByName,
      createdAt: isoTime(row.createdAt),
    })),
    totalCount,
  };
}

/** Moves the watch to another physical location; a move not in the transition table is a 409. */
export async function moveDevice(
  ctx: AdministrationContext,
  id: string,
  input: z.output<typeof zChangePhysicalLocationRequest>,
): Promise<AdministeredDevice> {
  await ctx.db.transaction(async (tx) => {
    const device = await repository.lockDevice(tx, ctx.tenantId, id);
    if (!device) throw new DomainError('not_found');
    const now = ctx.now();
    await changePhysicalLocation(tx, {
      tenantId: ctx.tenantId,
      deviceId: id,
      to: input.to,
      note: input.note,
      changedBy: authorOf(ctx),
      now,
    });
  });
  return getAdministeredDevice(ctx, id);
}

/** Each field whose value differs, before and after. */
function changesOf<T extends Record<string, string | boolean | null>>(
  before: T,
  after: T,
): DeviceHistoryChanges {
  const changes: DeviceHistoryChanges = {};
  for (const key of Object.keys(after)) {
    if (before[key] !== after[key]) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

/** Updates the watch's fields of `kind` and keeps the changed ones as a history entry. */
async function editDevice(
  ctx: AdministrationContext,
  id: string,
  kind: 'sale' | 'condition',
  pick: (device: DeviceRow) => Record<string, string | boolean | null>,
  values: Record<string, string | boolean | null>,
  note: string,
): Promise<AdministeredDevice> {
  await ctx.db.transaction(async (tx) => {
    const device = await repository.lockDevice(tx, ctx.tenantId, id);
    if (!device) throw new DomainError('not_found');
    const changes = changesOf(pick(device), values);
    if (Object.keys(changes).length === 0 && !note) return;
    const now = ctx.now();
    await repository.updateDevice(tx, ctx.tenantId, id, { ...values, updatedAt: now });
    const location = physicalLocationOf(device.physicalLocation);
    await recordDeviceHistory(tx, {
      tenantId: ctx.tenantId,
      deviceId: id,
      kind,
      fromLocation: location,
      toLocation: location,
      changes,
      note,
      changedBy: authorOf(ctx),
      now,
    });
  });
  return getAdministeredDevice(ctx, id);
}

/** Ready for sale, sales type (bought, leased, loan), purchase date, owner and operator. */
export function updateDeviceSale(
  ctx: AdministrationContext,
  id: string,
  input: z.output<typeof zUpdateDeviceSaleRequest>,
): Promise<AdministeredDevice> {
  const { note, ...values } = input;
  return editDevice(
    ctx,
    id,
    'sale',
    (device) => ({
      readyForSale: device.readyForSale,
      saleType: device.saleType,
      purchaseDate: device.purchaseDate,
      owner: device.owner,
      operator: device.operator,
    }),
    values,
    note,
  );
}

/** The condition with its DIAG notes. */
export function updateDeviceCondition(
  ctx: AdministrationContext,
  id: string,
  input: z.output<typeof zUpdateDeviceConditionRequest>,
): Promise<AdministeredDevice> {
  const { note, ...values } = input;
  return editDevice(
    ctx,
    id,
    'condition',
    (device) => ({ condition: device.condition, diag: device.diag }),
    values,
    note,
  );
}
