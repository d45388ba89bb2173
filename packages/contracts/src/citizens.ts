import { z } from 'zod';
import { ALARM_RECEIVER_MESSAGE_KEYS, zCitizenAlarmReceiver } from './alarm-receivers';
import { MONITORED_OBJECTS_MAX } from './constants';
import { DEVICE_STATUSES, zDeviceLocation } from './devices';
import { zOptionalDigits, zOptionalId, zOptionalText } from './field-rules';
import { GEOFENCE_KINDS, zGeofenceGeometry, zSaveGeofenceRequest } from './geofences';
import { zDeviceAppSettings } from './products';
import { zPagedRequest, zPagedResult } from './users';
import { zCpr } from './cpr';
import { VALIDATION_KEYS } from './validation';

/**
 * Contracts of the citizens feature (`/api/citizens`, spec §2/§3 "Citizen", §5, §9): the monitored
 * objects, their watches and app settings, geofences and alarm receivers (escalation order; their
 * own contracts in alarm-receivers.ts).
 */

/** Translation keys (namespace `citizens`) of the rules the server enforces. */
export const CITIZEN_MESSAGE_KEYS = {
  ...ALARM_RECEIVER_MESSAGE_KEYS,
  cprInvalid: 'citizens:cprInvalid',
  cprInvalidDate: 'citizens:cprInvalidDate',
  cprTaken: 'citizens:cprTaken',
  deviceTaken: 'citizens:deviceTaken',
  monitoredObjectsLimit: 'citizens:monitoredObjectsLimit',
  /** Deleting an organization (unit) that citizens belong to; `{count}` of them. */
  organizationHasCitizens: 'citizens:organizationHasCitizens',
  settingsDeviceNotLinked: 'citizens:settingsDeviceNotLinked',
  unknownCustomer: 'citizens:unknownCustomer',
  unknownDevice: 'citizens:unknownDevice',
  unknownGeofence: 'citizens:unknownGeofence',
  unknownOrganization: 'citizens:unknownOrganization',
} as const;

/**
 * Who pays for a citizen's watch by default (spec "standard payer", values our choice): the
 * municipality (the organization's own customer), the citizen personally, or the citizen's specific
 * customer. `customer` needs a specific customer.
 */
export const CITIZEN_STANDARD_PAYERS = ['municipality', 'citizen', 'customer'] as const;
export type CitizenStandardPayer = (typeof CITIZEN_STANDARD_PAYERS)[number];

export const CITIZEN_SORT_FIELDS = ['name', 'surname', 'city', 'organizationName', 'createdAt'] as const;

/** Linked watches and geofences of one citizen at most (the wizard's panels and the bulk calls). */
export const CITIZEN_DEVICES_MAX = 20;
export const CITIZEN_GEOFENCES_MAX = 50;

/** Step 1 of the wizard, and `PUT /api/citizens/:id`. */
export const zCitizenInformation = z
  .object({
    name: z.string().trim().min(1).max(64),
    surname: z.string().trim().min(1).max(64),
    cpr: zCpr,
    address: zOptionalText(128),
    zipCode: zOptionalDigits(4),
    city: zOptionalText(64),
    /**
     * Required of an organization tenant (the server says so, as for an unknown one); a household's
     * citizens always go into its one unit, so the plug-and-play client sends none.
     */
    organizationId: zOptionalId,
    specificCustomerId: zOptionalId,
    standardPayer: z.enum(CITIZEN_STANDARD_PAYERS).optional().default('municipality'),
  })
  .superRefine((value, context) => {
    if (value.standardPayer === 'customer' && !value.specificCustomerId) {
      context.addIssue({ code: 'custom', path: ['specificCustomerId'], message: VALIDATION_KEYS.required });
    }
  });
export type CitizenInformation = z.input<typeof zCitizenInformation>;

export const zUpdateCitizenRequest = zCitizenInformation;
export type UpdateCitizenRequest = z.input<typeof zUpdateCitizenRequest>;

/** One linked watch's app settings. */
export const zCitizenDeviceSettings = z.object({ deviceId: z.uuid(), settings: zDeviceAppSettings });
export type CitizenDeviceSettings = z.input<typeof zCitizenDeviceSettings>;

/**
 * `POST /api/citizens/wizard`: the four steps in one call, stored in ONE transaction. Devices
 * without an entry in `deviceSettings` get their product's default app settings (else the
 * contract defaults). `newGeofence`, drawn in step 4, is created and linked as well.
 */
export const zCreateCitizenWizardRequest = z.object({
  information: zCitizenInformation,
  deviceIds: z.array(z.uuid()).max(CITIZEN_DEVICES_MAX).optional().default([]),
  deviceSettings: z.array(zCitizenDeviceSettings).max(CITIZEN_DEVICES_MAX).optional().default([]),
  geofenceIds: z.array(z.uuid()).max(CITIZEN_GEOFENCES_MAX).optional().default([]),
  newGeofence: zSaveGeofenceRequest.nullish().transform((value) => value ?? null),
});
export type CreateCitizenWizardRequest = z.input<typeof zCreateCitizenWizardRequest>;

/** `PUT /api/citizens/:id/devices`: the citizen's watches become exactly these. */
export const zReplaceCitizenDevicesRequest = z.object({
  deviceIds: z.array(z.uuid()).max(CITIZEN_DEVICES_MAX),
});
export type ReplaceCitizenDevicesRequest = z.input<typeof zReplaceCitizenDevicesRequest>;

/** `PUT /api/citizens/:id/geofences`: the citizen's geofences become exactly these. */
export const zReplaceCitizenGeofencesRequest = z.object({
  geofenceIds: z.array(z.uuid()).max(CITIZEN_GEOFENCES_MAX),
});
export type ReplaceCitizenGeofencesRequest = z.input<typeof zReplaceCitizenGeofencesRequest>;

/** `PUT /api/citizens/:id/devices/:deviceId/settings`. */
export const zUpdateCitizenDeviceSettingsRequest = z.object({ settings: zDeviceAppSettings });
export type UpdateCitizenDeviceSettingsRequest = z.input<typeof zUpdateCitizenDeviceSettingsRequest>;

export const zCitizenDevice = z.object({
  id: z.string(),
  name: z.string(),
  imei: z.string(),
  status: z.enum(DEVICE_STATUSES),
  battery: z.number().int().nullable(),
  lastSeenAt: z.string().nullable(),
  location: zDeviceLocation.nullable(),
  productName: z.string().nullable(),
  settings: zDeviceAppSettings,
});
export type CitizenDevice = z.infer<typeof zCitizenDevice>;

/** A linked geofence with its geometry, so the detail map can draw it. */
export const zCitizenGeofence = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GEOFENCE_KINDS),
  geometry: zGeofenceGeometry,
});
export type CitizenGeofence = z.infer<typeof zCitizenGeofence>;

/**
 * `GET /api/citizens/:id`. `cpr` (the full number) is present only for a caller with
 * `Homeward.Citizens.Edit`; everyone else sees `cprMasked`.
 */
export const zCitizen = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  cprMasked: z.string(),
  cpr: z.string().optional(),
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  organizationId: z.string(),
  organizationName: z.string().nullable(),
  specificCustomerId: z.string().nullable(),
  specificCustomerName: z.string().nullable(),
  standardPayer: z.enum(CITIZEN_STANDARD_PAYERS),
  devices: z.array(zCitizenDevice),
  geofences: z.array(zCitizenGeofence),
  alarmReceivers: z.array(zCitizenAlarmReceiver),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Citizen = z.infer<typeof zCitizen>;

/** A row of the citizen list (never the full CPR). */
export const zCitizenListItem = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  cprMasked: z.string(),
  city: z.string(),
  organizationId: z.string(),
  organizationName: z.string().nullable(),
  deviceCount: z.number().int(),
  createdAt: z.string(),
});
export type CitizenListItem = z.infer<typeof zCitizenListItem>;

/**
 * `GET /api/citizens`: paged and sorted (CITIZEN_SORT_FIELDS); `filter` searches name, surname and
 * city, and a filter that is a whole CPR number finds that citizen exactly.
 */
export const zCitizenListRequest = zPagedRequest.extend({ organizationId: z.uuid().optional() });
export type CitizenListRequest = z.input<typeof zCitizenListRequest>;
export const zCitizenList = zPagedResult(zCitizenListItem);
export type CitizenList = z.infer<typeof zCitizenList>;

/** `GET /api/geofences/:id/citizens`: the citizens linked to one geofence. */
export const zGeofenceCitizensRequest = zPagedRequest;
export const zGeofenceCitizens = zCitizenList;

/** `GET /api/citizens/available-devices`: the tenant's watches no citizen has (the wizard's panel). */
export const zAvailableDevice = z.object({
  id: z.string(),
  name: z.string(),
  imei: z.string(),
  status: z.enum(DEVICE_STATUSES),
  productName: z.string().nullable(),
  organizationName: z.string().nullable(),
  /** The settings a new link starts with: the product's defaults, else the contract defaults. */
  defaultSettings: zDeviceAppSettings,
});
export type AvailableDevice = z.infer<typeof zAvailableDevice>;
export const zAvailableDevicesRequest = zPagedRequest;
export const zAvailableDevices = zPagedResult(zAvailableDevice);
export type AvailableDevices = z.infer<typeof zAvailableDevices>;

/**
 * `GET /api/organizations/:id/monitored-objects?maxResultCount=`: the citizens of the organization
 * and of its sub-organizations, at most MONITORED_OBJECTS_MAX (more asked for is a 400).
 */
export const zMonitoredObjectsRequest = z.object({
  skipCount: z.coerce.number().int().min(0).default(0),
  maxResultCount: z.coerce
    .number()
    .int()
    .min(1)
    .max(MONITORED_OBJECTS_MAX, CITIZEN_MESSAGE_KEYS.monitoredObjectsLimit)
    .default(MONITORED_OBJECTS_MAX),
});
export type MonitoredObjectsRequest = z.input<typeof zMonitoredObjectsRequest>;
export const zMonitoredObjects = zCitizenList;
export type MonitoredObjects = z.infer<typeof zMonitoredObjects>;
