import {
  DEVICE_CONNECTION_MESSAGE_KEYS,
  type ConnectedDevice,
  type ConnectedDeviceList,
  type DeviceModel,
  type zConnectDeviceRequest,
  type zDeviceModelRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/http/request-context';
import { isoTime } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import { RefusalAfterCommit } from '../../platform/tenancy/request-transaction';
import { type ActivationCodeProtection, refuseBeyondDeviceLimit } from '../devices';
import type { DeviceRow } from '../devices/devices.schema';
import {
  connectDevice,
  endHouseholdUse,
  findConnectedDevice,
  findConnectedDevices,
  renameDevice,
  returnDeviceToSeller,
  type ConnectOutcome,
} from './device-connection.repository';

type ConnectionContext = Pick<RequestContext, 'db' | 'tenantId' | 'now'>;

function toConnectedDevice(row: DeviceRow & { citizenName: string | null }): ConnectedDevice {
  return {
    id: row.id,
    name: row.name,
    imei: row.imei,
    status: row.status,
    battery: row.battery,
    lastSeenAt: isoTime(row.lastSeenAt),
    citizenId: row.citizenId,
    citizenName: row.citizenName,
    connectedAt: isoTime(row.connectedAt),
  };
}

/**
 * The answer to each refused outcome. A wrong code and an unknown IMEI are the same answer, so the
 * endpoint tells nobody which IMEIs exist; another household is never named. Wrong codes are
 * counted (the throttle), so their refusal is answered after the request's transaction commits.
 */
function refusalOf(outcome: Exclude<ConnectOutcome, 'connected' | 'checked'>): Error {
  switch (outcome) {
    case 'wrong_code':
      return new RefusalAfterCommit(
        fieldError('activationCode', DEVICE_CONNECTION_MESSAGE_KEYS.activationCodeWrong),
      );
    case 'throttled':
      return new DomainError('rate_limited', DEVICE_CONNECTION_MESSAGE_KEYS.connectionThrottled);
    case 'elsewhere':
      return fieldError('imei', DEVICE_CONNECTION_MESSAGE_KEYS.connectedElsewhere);
    case 'awaiting_return':
      return fieldError('imei', DEVICE_CONNECTION_MESSAGE_KEYS.awaitingReturn);
    case 'not_household':
      return new DomainError('forbidden', DEVICE_CONNECTION_MESSAGE_KEYS.householdsOnly);
  }
}

async function connectOrCheck(
  ctx: ConnectionContext,
  input: { imei: string; activationCode: string; name: string | null },
  codes: ActivationCodeProtection,
) {
  const result = await connectDevice(ctx.db, {
    imei: input.imei,
    codeHash: codes.hash(input.imei, input.activationCode),
    name: input.name,
    now: ctx.now(),
  });
  if (result.outcome !== 'connected' && result.outcome !== 'checked') throw refusalOf(result.outcome);
  return result;
}

/** getDeviceModel: which watch the IMEI and code name; counts as a try like connecting does. */
export async function checkDeviceModel(
  ctx: ConnectionContext,
  input: z.output<typeof zDeviceModelRequest>,
  codes: ActivationCodeProtection,
): Promise<DeviceModel> {
  const result = await connectOrCheck(ctx, { ...input, name: null }, codes);
  return { imei: input.imei, productName: result.productName };
}

/**
 * assignDeviceToUser: moves the watch from its seller's stock into the caller's household. The
 * household's `Homeward.MaxDevices` holds as for registering.
 */
export async function connectWatch(
  ctx: ConnectionContext,
  input: z.output<typeof zConnectDeviceRequest>,
  codes: ActivationCodeProtection,
): Promise<ConnectedDevice> {
  if (ctx.tenantId) await refuseBeyondDeviceLimit(ctx.db, ctx.tenantId);
  const result = await connectOrCheck(ctx, input, codes);
  const row = await findConnectedDevice(ctx.db, ctx.tenantId, result.deviceId!);
  return toConnectedDevice(row!);
}

/** getAssignDeviceToUser: the household's watches. */
export async function listConnectedDevices(ctx: ConnectionContext): Promise<ConnectedDeviceList> {
  return { items: (await findConnectedDevices(ctx.db, ctx.tenantId)).map(toConnectedDevice) };
}

/** updateDevice: the owner renames a watch of the household. */
export async function renameConnectedDevice(
  ctx: ConnectionContext,
  id: string,
  name: string,
): Promise<ConnectedDevice> {
  if (!(await renameDevice(ctx.db, ctx.tenantId, id, name, ctx.now()))) throw new DomainError('not_found');
  return toConnectedDevice((await findConnectedDevice(ctx.db, ctx.tenantId, id))!);
}

/**
 * Disconnecting: the watch's alarms in the household close and its citizen link ends (in the
 * household's scope, where they are), then it goes back to its seller's stock as "awaiting return".
 * Its activation code stays; the seller renews it when the watch goes back in stock.
 */
export async function disconnectWatch(ctx: ConnectionContext, id: string): Promise<void> {
  const row = await findConnectedDevice(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  if (!row.sellerTenantId) throw new DomainError('conflict', DEVICE_CONNECTION_MESSAGE_KEYS.notConnected);
  const now = ctx.now();
  await endHouseholdUse(ctx.db, ctx.tenantId, id, now);
  if (!(await returnDeviceToSeller(ctx.db, id, now))) {
    throw new DomainError('forbidden', DEVICE_CONNECTION_MESSAGE_KEYS.householdsOnly);
  }
}
