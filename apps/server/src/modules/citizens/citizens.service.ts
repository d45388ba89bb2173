import {
  CITIZEN_MESSAGE_KEYS,
  DEFAULT_DEVICE_APP_SETTINGS,
  VALIDATION_KEYS,
  cprProblem,
  maskCpr,
  normaliseCpr,
  type Citizen,
  type CitizenList,
  type CitizenListItem,
  type zCitizenInformation,
  type zCitizenListRequest,
  type zMonitoredObjectsRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { isoTime, type PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import type { RequestContext } from '../../platform/http/request-context';
import { geometryOf } from '../geofences';
import * as alarmReceivers from './alarm-receivers.repository';
import * as links from './citizen-links.repository';
import type { CprProtection } from './cpr-protection';
import * as repository from './citizens.repository';

/**
 * What the citizen services need of a request, and the CPR protection (its key comes from the
 * configuration, so tests and deployments pass their own).
 */
export type CitizenContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'permissions' | 'now'> & {
  cpr: CprProtection;
};
export type CitizenInformationInput = z.output<typeof zCitizenInformation>;

/** Only an editor of citizens sees (and so can correct) the full CPR number. */
export const FULL_CPR_PERMISSION = 'Homeward.Citizens.Edit';

function toListItem(row: repository.CitizenListRow, ctx: CitizenContext): CitizenListItem {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    surname: row.surname,
    cprMasked: maskCpr(ctx.cpr.decrypt(row.cprEncrypted)),
    city: row.city,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    deviceCount: row.deviceCount,
    createdAt: isoTime(row.createdAt),
  };
}

/** A filter that is a whole CPR number searches by its hash (never by a LIKE on the number). */
function cprHashOfFilter(ctx: CitizenContext, filter: string | undefined): string | undefined {
  if (!filter || cprProblem(filter) !== null) return undefined;
  return ctx.cpr.hash(normaliseCpr(filter));
}

export async function listCitizens(
  ctx: CitizenContext,
  request: z.output<typeof zCitizenListRequest>,
): Promise<CitizenList> {
  const result = await repository.findCitizens(ctx.db, ctx.tenantId, request, {
    text: request.filter,
    cprHash: cprHashOfFilter(ctx, request.filter),
    organizationId: request.organizationId,
  });
  return { items: result.items.map((row) => toListItem(row, ctx)), totalCount: result.totalCount };
}

/** `GET /api/geofences/:id/citizens`: 404 for a geofence the tenant does not have. */
export async function listGeofenceCitizens(
  ctx: CitizenContext,
  geofenceId: string,
  page: PageRequest,
): Promise<CitizenList> {
  if (!(await links.geofenceExists(ctx.db, ctx.tenantId, geofenceId))) throw new DomainError('not_found');
  const result = await repository.findCitizens(ctx.db, ctx.tenantId, page, {
    text: page.filter,
    cprHash: cprHashOfFilter(ctx, page.filter),
    geofenceId,
  });
  return { items: result.items.map((row) => toListItem(row, ctx)), totalCount: result.totalCount };
}

/**
 * `GET /api/organizations/:id/monitored-objects`: the citizens of the organization and of every
 * unit below it (a care centre's teams), at most MONITORED_OBJECTS_MAX per call.
 */
export async function listMonitoredObjects(
  ctx: CitizenContext,
  organizationId: string,
  request: z.output<typeof zMonitoredObjectsRequest>,
): Promise<CitizenList> {
  const organization = await repository.findOrganization(ctx.db, ctx.tenantId, organizationId);
  if (!organization) throw new DomainError('not_found');
  const result = await repository.findCitizens(
    ctx.db,
    ctx.tenantId,
    { skipCount: request.skipCount, maxResultCount: request.maxResultCount },
    { organizationCode: organization.code },
  );
  return { items: result.items.map((row) => toListItem(row, ctx)), totalCount: result.totalCount };
}

export async function getCitizen(ctx: CitizenContext, id: string): Promise<Citizen> {
  const row = await repository.findCitizen(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  const deviceRows = await links.findCitizenDevices(ctx.db, ctx.tenantId, id);
  const geofenceRows = await links.findCitizenGeofences(ctx.db, ctx.tenantId, id);
  const receivers = await alarmReceivers.findAlarmReceivers(ctx.db, ctx.tenantId, id);
  const cpr = ctx.cpr.decrypt(row.cprEncrypted);
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    surname: row.surname,
    cprMasked: maskCpr(cpr),
    ...(ctx.permissions.has(FULL_CPR_PERMISSION) ? { cpr } : {}),
    address: row.address,
    zipCode: row.zipCode,
    city: row.city,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    specificCustomerId: row.specificCustomerId,
    specificCustomerName: row.specificCustomerName,
    standardPayer: row.standardPayer,
    devices: deviceRows.map(({ device, productName, productDefaults, settings }) => ({
      id: device.id,
      name: device.name,
      imei: device.imei,
      status: device.status,
      battery: device.battery,
      lastSeenAt: isoTime(device.lastSeenAt),
      location:
        device.latitude !== null && device.longitude !== null && device.locatedAt
          ? {
              lat: device.latitude,
              lon: device.longitude,
              at: isoTime(device.locatedAt),
              valid: device.locationValid,
            }
          : null,
      productName,
      settings: settings ?? productDefaults ?? DEFAULT_DEVICE_APP_SETTINGS,
    })),
    geofences: geofenceRows.map((fence) => ({
      id: fence.id,
      name: fence.name,
      kind: fence.kind,
      geometry: geometryOf(fence),
    })),
    alarmReceivers: receivers.map((receiver) => ({ ...receiver })),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
}

/**
 * Checks the references and the CPR number of the information step, and returns the columns to
 * store. `prefix` puts field errors where the request has the field (`information.` in the wizard).
 */
export async function citizenColumns(
  ctx: CitizenContext,
  input: CitizenInformationInput,
  prefix: string,
  citizenId?: string,
) {
  // A household's citizens belong to its one unit, and it has no customers to pay for them; the
  // plug-and-play UI asks for neither.
  const householdUnitId = await repository.findHouseholdUnitId(ctx.db, ctx.tenantId);
  if (householdUnitId) {
    input = { ...input, organizationId: householdUnitId, specificCustomerId: null, standardPayer: 'citizen' };
  }
  if (!input.organizationId) {
    throw fieldError(`${prefix}organizationId`, VALIDATION_KEYS.required);
  }
  const organizationId = input.organizationId;
  if (!householdUnitId && !(await repository.findOrganization(ctx.db, ctx.tenantId, organizationId))) {
    throw fieldError(`${prefix}organizationId`, CITIZEN_MESSAGE_KEYS.unknownOrganization);
  }
  if (
    input.specificCustomerId &&
    !(await repository.customerExists(ctx.db, ctx.tenantId, input.specificCustomerId))
  ) {
    throw fieldError(`${prefix}specificCustomerId`, CITIZEN_MESSAGE_KEYS.unknownCustomer);
  }
  const cprHash = ctx.cpr.hash(input.cpr);
  const holder = await repository.findCitizenIdByCprHash(ctx.db, ctx.tenantId, cprHash);
  if (holder && holder !== citizenId) throw fieldError(`${prefix}cpr`, CITIZEN_MESSAGE_KEYS.cprTaken);
  const { cpr, ...rest } = input;
  return { ...rest, organizationId, cprEncrypted: ctx.cpr.encrypt(cpr), cprHash };
}

/** Two requests racing for one CPR number: the unique index stops the second, with the same error. */
export function withCprUnique<T>(prefix: string, work: () => Promise<T>): Promise<T> {
  return withUniqueFieldErrors(work, {
    citizens_tenant_cpr_hash_unique: { field: `${prefix}cpr`, message: CITIZEN_MESSAGE_KEYS.cprTaken },
  });
}

export async function updateCitizen(
  ctx: CitizenContext,
  id: string,
  input: CitizenInformationInput,
): Promise<Citizen> {
  if (!(await repository.citizenExists(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
  const values = await citizenColumns(ctx, input, '', id);
  await withCprUnique('', () => repository.updateCitizen(ctx.db, ctx.tenantId, id, values, ctx.now()));
  return getCitizen(ctx, id);
}

/** Deletes the citizen and its links; its watches stay registered, without a citizen. */
export async function deleteCitizen(ctx: CitizenContext, id: string): Promise<void> {
  if (!(await repository.deleteCitizen(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
}
