import { z } from 'zod';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from './constants';
import { zPagedRequest, zPagedResult } from './users';
import { VALIDATION_KEYS } from './validation';

/** Contracts of the devices feature: the registry of watches (product instances). */

/** Translation keys of the devices feature's own messages. */
export const DEVICE_MESSAGE_KEYS = {
  imeiInvalid: 'devices:imeiInvalid',
  imeiTaken: 'devices:imeiTaken',
  stellaIdInvalid: 'devices:stellaIdInvalid',
  stellaIdTaken: 'devices:stellaIdTaken',
  stellaIdPrefixMismatch: 'devices:stellaIdPrefixMismatch',
  serialNumberInvalid: 'devices:serialNumberInvalid',
  deviceIdentifierInvalid: 'devices:deviceIdentifierInvalid',
  deviceIdentifierTaken: 'devices:deviceIdentifierTaken',
  tenantRequired: 'devices:tenantRequired',
  organizationRequired: 'devices:organizationRequired',
  unknownOrganization: 'devices:unknownOrganization',
  unknownProduct: 'devices:unknownProduct',
  notADeviceFamily: 'devices:notADeviceFamily',
} as const;

/** True when the last digit is the Luhn check digit of the others (IMEI check digit, GSMA TS.06). */
export function hasValidLuhnCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** IMEI: exactly 15 digits whose last digit is the Luhn check digit. */
export const zImei = z
  .string()
  .trim()
  .regex(/^\d{15}$/, DEVICE_MESSAGE_KEYS.imeiInvalid)
  .refine(hasValidLuhnCheckDigit, DEVICE_MESSAGE_KEYS.imeiInvalid);

export const DEVICE_STATUSES = [
  'offline',
  'online',
  'offlineAlarmHandled',
  'outsideGeofence',
  'lowBatteryWarningHandled',
  'unknown',
] as const;

/**
 * The device statuses of spec §4. "Active" on the dashboard chart means the watch reports:
 * online, outside its geofence, or with a handled low-battery warning. Offline, handled offline
 * alarms and never-seen watches count as inactive.
 */
export const ACTIVE_DEVICE_STATUSES: readonly DeviceStatus[] = [
  'online',
  'outsideGeofence',
  'lowBatteryWarningHandled',
];
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** How the watch is connected to the mobile network, from its last reports. */
export const NETWORK_STATUSES = ['connected', 'disconnected', 'unknown'] as const;
/** How the customer has the watch (spec "sale type"; values are our choice, the spec lists none). */
export const DEVICE_SALE_TYPES = ['sale', 'rental', 'loan'] as const;
/** The physical condition of the product instance (our choice of values). */
export const DEVICE_CONDITIONS = ['new', 'used', 'refurbished', 'defective'] as const;

/**
 * Stella ID: the product's prefix of 2–6 capital letters, then 6–10 digits (`STL0012345`). The spec
 * names the rule but not the format; this one fits the prefixes of the product catalogue.
 */
export const STELLA_ID_PATTERN = /^[A-Z]{2,6}\d{6,10}$/;
/** Serial number when the product names no pattern of its own: 4–32 capital letters, digits, dashes. */
export const SERIAL_NUMBER_PATTERN = /^[A-Z0-9-]{4,32}$/;
/** The id a watch reports itself by on its protocol (the 3G watch protocol sends 10 digits). */
export const DEVICE_IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]{4,40}$/;

/** Trimmed optional text: empty becomes null, so "cleared" and "never set" are the same. */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
}

function optionalMatching(pattern: RegExp, message: string, normalise: (value: string) => string = (v) => v) {
  return z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value ? normalise(value) : null))
    .refine((value) => value === null || pattern.test(value), message);
}

/** One of `values`, or nothing: an empty select sends '' and means "not set". */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .preprocess((value) => (value === '' ? null : value), z.enum(values).nullish())
    .transform((value) => value ?? null);
}

export const zStellaId = optionalMatching(STELLA_ID_PATTERN, DEVICE_MESSAGE_KEYS.stellaIdInvalid, (v) =>
  v.toUpperCase(),
);
export const zSerialNumber = optionalMatching(
  SERIAL_NUMBER_PATTERN,
  DEVICE_MESSAGE_KEYS.serialNumberInvalid,
  (v) => v.toUpperCase(),
);
export const zDeviceIdentifier = optionalMatching(
  DEVICE_IDENTIFIER_PATTERN,
  DEVICE_MESSAGE_KEYS.deviceIdentifierInvalid,
);

/** A calendar date `YYYY-MM-DD` inside the date picker's range (spec §9). */
export const zOptionalIsoDate = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine(
    (value) =>
      value === null ||
      (/^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) &&
        value >= DATE_PICKER_MIN &&
        value <= DATE_PICKER_MAX),
    VALIDATION_KEYS.invalid,
  );

const zOrganizationId = z.uuid(DEVICE_MESSAGE_KEYS.organizationRequired);

/** The registry fields an administrator types in (everything but the live data). */
export const zDeviceRegistryFields = z.object({
  name: z.string().trim().min(1).max(64),
  imei: zImei,
  organizationId: zOrganizationId,
  productId: z
    .preprocess((value) => (value === '' ? null : value), z.uuid().nullish())
    .transform((value) => value ?? null),
  serialNumber: zSerialNumber,
  stellaId: zStellaId,
  deviceIdentifier: zDeviceIdentifier,
  phoneNumber: z
    .string()
    .trim()
    .max(16)
    .regex(/^\+?\d*$/, VALIDATION_KEYS.digitsOnly)
    .nullish()
    .transform((value) => (value ? value : null)),
  operator: optionalText(64),
  owner: optionalText(128),
  purchaseDate: zOptionalIsoDate,
  saleType: optionalChoice(DEVICE_SALE_TYPES),
  condition: optionalChoice(DEVICE_CONDITIONS),
  diag: optionalText(2000),
});

/**
 * `POST /api/devices`: register a watch. A Stella ID without the product's prefix is refused with
 * `devices:stellaIdPrefixMismatch` (code `conflict`) unless `acceptStellaIdPrefixMismatch` says the
 * user saw the warning and pressed OK.
 */
export const zRegisterDeviceRequest = zDeviceRegistryFields.extend({
  acceptStellaIdPrefixMismatch: z.boolean().optional().default(false),
});
export type RegisterDeviceRequest = z.input<typeof zRegisterDeviceRequest>;

/** `PUT /api/devices/{id}`: the dashboard's actions change the name and the organization. */
export const zUpdateDeviceRequest = z.object({
  name: z.string().trim().min(1).max(64),
  organizationId: zOrganizationId,
});
export type UpdateDeviceRequest = z.input<typeof zUpdateDeviceRequest>;

export const DEVICE_SORT_FIELDS = [
  'name',
  'imei',
  'status',
  'battery',
  'lastSeenAt',
  'createdAt',
  'organizationName',
] as const;

/** `GET /api/devices`: paged, sorted and filtered on the server. */
export const zDeviceListRequest = zPagedRequest.extend({
  status: z.enum(DEVICE_STATUSES).optional(),
  /** Battery between these percentages (inclusive); a device with no battery reading never matches. */
  batteryMin: z.coerce.number().int().min(0).max(100).optional(),
  batteryMax: z.coerce.number().int().min(0).max(100).optional(),
  organizationId: z.uuid().optional(),
});
export type DeviceListRequest = z.input<typeof zDeviceListRequest>;

/**
 * Where a device was last: its newest position (a GPS fix, a Wi-Fi fix, or a watch's coordinates
 * without a fix) and that position's device time. `valid` is false for coordinates the device
 * sent without a fix (a watch's `V` frame, OsmAnd `valid=false`): shown as "last known, no fix",
 * never as where the citizen is now.
 */
export const zDeviceLocation = z.object({
  lat: z.number(),
  lon: z.number(),
  at: z.string(),
  valid: z.boolean(),
});
export type DeviceLocation = z.infer<typeof zDeviceLocation>;

export const zDevice = z.object({
  id: z.string(),
  name: z.string(),
  imei: z.string(),
  status: z.enum(DEVICE_STATUSES),
  tenantId: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  /** The citizen wearing the watch (spec §3 Device "citizen"); null when free. */
  citizenId: z.string().nullable(),
  citizenName: z.string().nullable(),
  battery: z.number().int().nullable(),
  networkStatus: z.enum(NETWORK_STATUSES),
  lastSeenAt: z.string().nullable(),
  /** The last known position (GPS, Wi-Fi, or no fix: see `zDeviceLocation`), null before the first. */
  location: zDeviceLocation.nullable(),
  phoneNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  deviceIdentifier: z.string().nullable(),
  stellaId: z.string().nullable(),
  owner: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  operator: z.string().nullable(),
  saleType: z.enum(DEVICE_SALE_TYPES).nullable(),
  condition: z.enum(DEVICE_CONDITIONS).nullable(),
  diag: z.string().nullable(),
  createdAt: z.string(),
});
export type Device = z.infer<typeof zDevice>;

export const zDeviceList = zPagedResult(zDevice);
export type DeviceList = z.infer<typeof zDeviceList>;

/** `GET /api/devices/summary`: the dashboard chart's counts. */
export const zDeviceSummary = z.object({
  active: z.number().int(),
  inactive: z.number().int(),
  byStatus: z.record(z.enum(DEVICE_STATUSES), z.number().int()),
});
export type DeviceSummary = z.infer<typeof zDeviceSummary>;

/** Organization choices on the device screens: the tenant's units, by name (at most this many). */
export const DEVICE_ORGANIZATION_OPTIONS_MAX = 2000;
export const zDeviceOrganizationOptions = z.object({
  items: z.array(z.object({ id: z.string(), displayName: z.string() })),
});
export type DeviceOrganizationOptions = z.infer<typeof zDeviceOrganizationOptions>;

/** `GET /api/devices/product-options`: the tenant's device families, for the product picker. */
export const zDeviceProductOptions = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), stellaIdPrefix: z.string().nullable() })),
});
export type DeviceProductOptions = z.infer<typeof zDeviceProductOptions>;
