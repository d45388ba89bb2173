import {
  WIFI_MESSAGE_KEYS,
  type SaveWifiNetworkValues,
  type WifiNetwork,
  type WifiNetworkListResponse,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { isoTime } from '../../platform/db/query-helpers';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './wifi-networks.repository';
import type { WifiNetworkRow } from './wifi-networks.schema';

/** Wi-Fi networks of the caller's tenant: list, create, look up by MAC, update and delete. */

type WifiContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'now'>;

const macAddressTaken = { field: 'macAddress', message: WIFI_MESSAGE_KEYS.macAddressTaken };
/** Two saves of one MAC at the same moment both pass the check; the unique constraint decides. */
export const UNIQUE_WIFI_ERRORS = { wifi_networks_tenant_mac_unique: macAddressTaken };

function toWifiNetwork(row: WifiNetworkRow): WifiNetwork {
  return {
    id: row.id,
    tenantId: row.tenantId,
    macAddress: row.macAddress,
    ssid: row.ssid,
    displayName: row.displayName,
    address: row.address,
    type: row.type,
    trustLevel: row.trustLevel,
    latitude: row.latitude,
    longitude: row.longitude,
    minLatitude: row.minLatitude,
    maxLatitude: row.maxLatitude,
    minLongitude: row.minLongitude,
    maxLongitude: row.maxLongitude,
    createdAt: isoTime(row.createdAt),
  };
}

function columnsOf(input: SaveWifiNetworkValues) {
  return {
    macAddress: input.macAddress,
    ssid: input.ssid,
    displayName: input.displayName,
    address: input.address,
    type: input.type,
    trustLevel: input.trustLevel,
    latitude: input.latitude,
    longitude: input.longitude,
    minLatitude: input.minLatitude,
    maxLatitude: input.maxLatitude,
    minLongitude: input.minLongitude,
    maxLongitude: input.maxLongitude,
  };
}

export async function listWifiNetworks(
  ctx: Pick<WifiContext, 'db' | 'tenantId'>,
  query: repository.WifiNetworkPageRequest,
): Promise<WifiNetworkListResponse> {
  const { items, totalCount } = await repository.findWifiNetworks(ctx.db, ctx.tenantId, query);
  return { items: items.map(toWifiNetwork), totalCount };
}

/** The tenant's network with this MAC address (already normalised by the contract); 404 if none. */
export async function getWifiNetworkByMac(
  ctx: Pick<WifiContext, 'db' | 'tenantId'>,
  macAddress: string,
): Promise<WifiNetwork> {
  const row = await repository.findWifiNetworkByMac(ctx.db, ctx.tenantId, macAddress);
  if (!row) throw new DomainError('not_found');
  return toWifiNetwork(row);
}

export async function createWifiNetwork(
  ctx: WifiContext,
  input: SaveWifiNetworkValues,
): Promise<WifiNetwork> {
  return withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        if (await repository.isMacAddressTaken(tx, ctx.tenantId, input.macAddress)) {
          throw fieldError(macAddressTaken.field, macAddressTaken.message);
        }
        const now = ctx.now();
        const row = await repository.insertWifiNetwork(tx, {
          ...columnsOf(input),
          tenantId: ctx.tenantId,
          createdByUserId: ctx.userId,
          createdAt: now,
          updatedAt: now,
        });
        return toWifiNetwork(row);
      }),
    UNIQUE_WIFI_ERRORS,
  );
}

export async function updateWifiNetwork(
  ctx: WifiContext,
  id: string,
  input: SaveWifiNetworkValues,
): Promise<WifiNetwork> {
  return withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        if (!(await repository.findWifiNetwork(tx, ctx.tenantId, id))) throw new DomainError('not_found');
        if (await repository.isMacAddressTaken(tx, ctx.tenantId, input.macAddress, id)) {
          throw fieldError(macAddressTaken.field, macAddressTaken.message);
        }
        const row = await repository.updateWifiNetwork(tx, ctx.tenantId, id, {
          ...columnsOf(input),
          updatedAt: ctx.now(),
        });
        return toWifiNetwork(row!);
      }),
    UNIQUE_WIFI_ERRORS,
  );
}

export async function deleteWifiNetwork(
  ctx: Pick<WifiContext, 'db' | 'tenantId'>,
  id: string,
): Promise<void> {
  const deleted = await ctx.db.transaction((tx) => repository.deleteWifiNetwork(tx, ctx.tenantId, id));
  if (!deleted) throw new DomainError('not_found');
}
