import {
  CITIZEN_MESSAGE_KEYS,
  DEFAULT_DEVICE_APP_SETTINGS,
  type AvailableDevices,
  type Citizen,
  type DeviceAppSettings,
  type zCitizenDeviceSettings,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import * as links from './citizen-links.repository';
import * as repository from './citizens.repository';
import { getCitizen, type CitizenContext } from './citizens.service';

/**
 * The citizen's links, each replaced as a whole set in one call (the API's "postMultiple"): its
 * watches (with their app settings), its geofences and its alarm receivers in escalation order.
 */

type DeviceSettingsInput = z.output<typeof zCitizenDeviceSettings>;

export async function requireCitizen(ctx: CitizenContext, id: string): Promise<void> {
  if (!(await repository.citizenExists(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
}

/**
 * Checks that every watch is the tenant's and worn by no other citizen (a watch already on
 * `citizenId` is fine), and returns them. A watch is never moved silently from one citizen to
 * another: it has to be taken off the first one.
 */
export async function checkDevices(
  ctx: CitizenContext,
  deviceIds: string[],
  field: string,
  citizenId?: string,
): Promise<Map<string, links.LinkableDevice>> {
  const found = new Map(
    (await links.findLinkableDevices(ctx.db, ctx.tenantId, deviceIds)).map((device) => [device.id, device]),
  );
  deviceIds.forEach((id, index) => {
    const device = found.get(id);
    if (!device) throw fieldError(`${field}.${index}`, CITIZEN_MESSAGE_KEYS.unknownDevice);
    if (device.citizenId && device.citizenId !== citizenId) {
      throw fieldError(`${field}.${index}`, CITIZEN_MESSAGE_KEYS.deviceTaken);
    }
  });
  return found;
}

/**
 * Links exactly `deviceIds` to the citizen. Given settings win; a newly linked watch without any
 * gets its product's default app settings, else the contract defaults; a watch that stays keeps its own.
 */
export async function linkDevices(
  ctx: CitizenContext,
  citizenId: string,
  deviceIds: string[],
  found: Map<string, links.LinkableDevice>,
  settings: DeviceSettingsInput[] = [],
): Promise<void> {
  await links.replaceCitizenDevices(ctx.db, ctx.tenantId, citizenId, deviceIds, ctx.now());
  const given = new Map(settings.map((entry) => [entry.deviceId, entry.settings]));
  for (const [deviceId, value] of given) {
    await links.updateDeviceSettings(ctx.db, ctx.tenantId, citizenId, deviceId, value, ctx.now());
  }
  await links.insertMissingDeviceSettings(
    ctx.db,
    ctx.tenantId,
    citizenId,
    deviceIds.map((deviceId) => ({
      deviceId,
      settings: given.get(deviceId) ?? defaultSettingsOf(found.get(deviceId)),
    })),
  );
}

export function defaultSettingsOf(device: { productDefaults: DeviceAppSettings | null } | undefined) {
  return device?.productDefaults ?? DEFAULT_DEVICE_APP_SETTINGS;
}

export async function replaceCitizenDevices(
  ctx: CitizenContext,
  citizenId: string,
  deviceIds: string[],
): Promise<Citizen> {
  await requireCitizen(ctx, citizenId);
  const unique = [...new Set(deviceIds)];
  const found = await checkDevices(ctx, unique, 'deviceIds', citizenId);
  await linkDevices(ctx, citizenId, unique, found);
  return getCitizen(ctx, citizenId);
}

export async function updateCitizenDeviceSettings(
  ctx: CitizenContext,
  citizenId: string,
  deviceId: string,
  settings: DeviceAppSettings,
): Promise<Citizen> {
  await requireCitizen(ctx, citizenId);
  const [device] = await links.findLinkableDevices(ctx.db, ctx.tenantId, [deviceId]);
  if (device?.citizenId !== citizenId) throw new DomainError('not_found');
  const updated = await links.updateDeviceSettings(
    ctx.db,
    ctx.tenantId,
    citizenId,
    deviceId,
    settings,
    ctx.now(),
  );
  if (!updated)
    await links.insertMissingDeviceSettings(ctx.db, ctx.tenantId, citizenId, [{ deviceId, settings }]);
  return getCitizen(ctx, citizenId);
}

export async function checkGeofences(ctx: CitizenContext, geofenceIds: string[], field: string) {
  const known = await links.findGeofenceIds(ctx.db, ctx.tenantId, geofenceIds);
  const unknown = geofenceIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw fieldError(`${field}.${unknown}`, CITIZEN_MESSAGE_KEYS.unknownGeofence);
}

export async function replaceCitizenGeofences(
  ctx: CitizenContext,
  citizenId: string,
  geofenceIds: string[],
): Promise<Citizen> {
  await requireCitizen(ctx, citizenId);
  const unique = [...new Set(geofenceIds)];
  await checkGeofences(ctx, unique, 'geofenceIds');
  await links.replaceCitizenGeofences(ctx.db, ctx.tenantId, citizenId, unique);
  return getCitizen(ctx, citizenId);
}

export async function listAvailableDevices(
  ctx: CitizenContext,
  page: PageRequest,
): Promise<AvailableDevices> {
  const result = await links.findAvailableDevices(ctx.db, ctx.tenantId, page);
  return {
    items: result.items.map(({ productDefaults, ...device }) => ({
      ...device,
      defaultSettings: defaultSettingsOf({ productDefaults }),
    })),
    totalCount: result.totalCount,
  };
}
