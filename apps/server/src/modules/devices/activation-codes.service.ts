import { formatActivationCode, type DeviceActivationCode, type DeviceListRequest } from '@homeward/contracts';
import type { RequestContext } from '../../platform/http/request-context';
import type { PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { newActivationCodeColumns, type ActivationCodeProtection } from './activation-codes';
import { findDevice, findDevices, storeActivationCode, type DeviceListRow } from './devices.repository';

type CodeContext = Pick<RequestContext, 'db' | 'tenantId' | 'now'>;

/** One line of the label export: what a box label shows. */
export interface ActivationCodeLabel {
  imei: string;
  serialNumber: string | null;
  name: string;
  activationCode: string;
}

/**
 * The printed code of a watch of the caller's tenant. A watch registered before codes existed gets
 * its code now, at first need; in the read-only All tenants view, where nothing can be stored, it
 * has none yet (null).
 */
async function codeOf(
  ctx: CodeContext,
  row: DeviceListRow,
  codes: ActivationCodeProtection,
): Promise<string | null> {
  if (row.activationCodeEncrypted) return formatActivationCode(codes.decrypt(row.activationCodeEncrypted));
  const { printed, ...columns } = newActivationCodeColumns(codes, row.imei);
  const options = { onlyIfMissing: true, backInStock: false, now: ctx.now() };
  if (await storeActivationCode(ctx.db, ctx.tenantId, row.id, columns, options)) return printed;
  // Another request stored one first, or this scope cannot write: read what is there.
  const current = await findDevice(ctx.db, ctx.tenantId, row.id);
  return current?.activationCodeEncrypted
    ? formatActivationCode(codes.decrypt(current.activationCodeEncrypted))
    : null;
}

/** `GET /api/devices/:id/activation-code`: the code to print on the watch's box. */
export async function readActivationCode(
  ctx: CodeContext,
  id: string,
  codes: ActivationCodeProtection,
): Promise<DeviceActivationCode> {
  const row = await findDevice(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return { deviceId: id, activationCode: await codeOf(ctx, row, codes) };
}

/**
 * A new code for a watch (the old one stops working at once): for a box whose label was lost, or a
 * returned watch going back in stock, which also ends its "awaiting return". The previous owner
 * knew the old code; a new label keeps them from connecting the watch again after it is resold.
 */
export async function renewActivationCode(
  ctx: CodeContext,
  id: string,
  codes: ActivationCodeProtection,
): Promise<DeviceActivationCode> {
  const row = await findDevice(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  const { printed, ...columns } = newActivationCodeColumns(codes, row.imei);
  const options = { onlyIfMissing: false, backInStock: true, now: ctx.now() };
  if (!(await storeActivationCode(ctx.db, ctx.tenantId, id, columns, options))) {
    throw new DomainError('not_found');
  }
  return { deviceId: id, activationCode: printed };
}

/** A page of label lines for the export: the device list's filters, each watch with its code. */
export async function listActivationCodeLabels(
  ctx: CodeContext,
  request: PageRequest & Omit<DeviceListRequest, keyof PageRequest>,
  codes: ActivationCodeProtection,
): Promise<{ items: ActivationCodeLabel[]; totalCount: number }> {
  const page = await findDevices(ctx.db, ctx.tenantId, request);
  const items: ActivationCodeLabel[] = [];
  for (const row of page.items) {
    items.push({
      imei: row.imei,
      serialNumber: row.serialNumber,
      name: row.name,
      activationCode: (await codeOf(ctx, row, codes)) ?? '',
    });
  }
  return { items, totalCount: page.totalCount };
}
