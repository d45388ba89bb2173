import { z } from 'zod';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Contracts of Wi-Fi networks (/api/wifis, spec §2 Wi-Fi, §3 Wi-Fi network, §5). A tenant's known
 * access points, by MAC address (BSSID); the trusted ones with a position locate a watch indoors.
 */

export const WIFI_NETWORK_TYPES = ['manual', 'automatic'] as const;
export type WifiNetworkType = (typeof WIFI_NETWORK_TYPES)[number];
export const WIFI_TRUST_LEVELS = ['unknown', 'untrusted', 'trusted'] as const;
export type WifiTrustLevel = (typeof WIFI_TRUST_LEVELS)[number];

/** Translation keys (namespace `wifi`) of the rules the server enforces. */
export const WIFI_MESSAGE_KEYS = {
  macAddressTaken: 'wifi:macAddressTaken',
  macAddressInvalid: 'wifi:macAddressInvalid',
  minAboveMax: 'wifi:minAboveMax',
  outsideBounds: 'wifi:outsideBounds',
} as const;

export const WIFI_NETWORK_SORT_FIELDS = [
  'macAddress',
  'ssid',
  'displayName',
  'type',
  'trustLevel',
  'createdAt',
] as const;

/* The spellings a MAC address is written in: six pairs split by ':' or '-' (one kind throughout),
 * three groups of four split by '.' (Cisco), or twelve hex digits without separators. */
const MAC_SPELLINGS = [
  /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i,
  /^[0-9a-f]{2}(-[0-9a-f]{2}){5}$/i,
  /^[0-9a-f]{4}(\.[0-9a-f]{4}){2}$/i,
  /^[0-9a-f]{12}$/i,
];

/**
 * The one stored spelling of a MAC address (`AA:BB:CC:DD:EE:FF`), or null when the text is not a
 * MAC address in any accepted spelling. Uniqueness and look-ups compare this form only.
 */
export function normalizeMacAddress(text: string): string | null {
  const trimmed = text.trim();
  if (!MAC_SPELLINGS.some((spelling) => spelling.test(trimmed))) return null;
  const hex = trimmed.replace(/[:.-]/g, '').toUpperCase();
  return hex.match(/.{2}/g)!.join(':');
}

/** A MAC address in any accepted spelling; parses to the normalised one. */
export const zMacAddress = z
  .string()
  .trim()
  .min(1)
  .refine((text) => normalizeMacAddress(text) !== null, WIFI_MESSAGE_KEYS.macAddressInvalid)
  .transform((text) => normalizeMacAddress(text)!);

/** An optional coordinate: empty input (a cleared form field) and absence both mean null. */
function zOptionalCoordinate(limit: number) {
  return z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.number().min(-limit).max(limit).nullable(),
  );
}

const zWifiNetworkFields = z.object({
  macAddress: zMacAddress,
  ssid: z.string().trim().max(64).optional().default(''),
  displayName: z.string().trim().max(128).optional().default(''),
  address: z.string().trim().max(256).optional().default(''),
  type: z.enum(WIFI_NETWORK_TYPES).optional().default('manual'),
  trustLevel: z.enum(WIFI_TRUST_LEVELS).optional().default('unknown'),
  latitude: zOptionalCoordinate(90),
  longitude: zOptionalCoordinate(180),
  minLatitude: zOptionalCoordinate(90),
  maxLatitude: zOptionalCoordinate(90),
  minLongitude: zOptionalCoordinate(180),
  maxLongitude: zOptionalCoordinate(180),
});
type WifiNetworkFields = z.output<typeof zWifiNetworkFields>;

/** The position is a pair; each bound pair is ordered; a position inside given bounds. */
function checkPosition(value: WifiNetworkFields, context: z.RefinementCtx): void {
  const issue = (path: keyof WifiNetworkFields, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if ((value.latitude === null) !== (value.longitude === null)) {
    issue(value.latitude === null ? 'latitude' : 'longitude', 'validation.required');
  }
  const axes = [
    ['latitude', 'minLatitude', 'maxLatitude'],
    ['longitude', 'minLongitude', 'maxLongitude'],
  ] as const;
  for (const [point, min, max] of axes) {
    const [low, high, at] = [value[min], value[max], value[point]];
    if (low !== null && high !== null && low > high) issue(max, WIFI_MESSAGE_KEYS.minAboveMax);
    else if (at !== null && ((low !== null && at < low) || (high !== null && at > high))) {
      issue(point, WIFI_MESSAGE_KEYS.outsideBounds);
    }
  }
}

/** POST /api/wifis and PUT /api/wifis/:id. */
export const zSaveWifiNetworkRequest = zWifiNetworkFields.superRefine(checkPosition);
export type SaveWifiNetworkRequest = z.input<typeof zSaveWifiNetworkRequest>;
export type SaveWifiNetworkValues = z.output<typeof zSaveWifiNetworkRequest>;

export const zWifiNetwork = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  macAddress: z.string(),
  ssid: z.string(),
  displayName: z.string(),
  address: z.string(),
  type: z.enum(WIFI_NETWORK_TYPES),
  trustLevel: z.enum(WIFI_TRUST_LEVELS),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  minLatitude: z.number().nullable(),
  maxLatitude: z.number().nullable(),
  minLongitude: z.number().nullable(),
  maxLongitude: z.number().nullable(),
  createdAt: z.string(),
});
export type WifiNetwork = z.infer<typeof zWifiNetwork>;

/** GET /api/wifis: search (MAC in any spelling, SSID, name, address), filter by type and trust. */
export const zWifiNetworkListRequest = zPagedRequest.extend({
  type: z.enum(WIFI_NETWORK_TYPES).optional(),
  trustLevel: z.enum(WIFI_TRUST_LEVELS).optional(),
});
export type WifiNetworkListRequest = z.input<typeof zWifiNetworkListRequest>;
export const zWifiNetworkListResponse = zPagedResult(zWifiNetwork);
export type WifiNetworkListResponse = z.infer<typeof zWifiNetworkListResponse>;

/** GET /api/wifis/by-mac/:mac, in any accepted spelling. */
export const zWifiNetworkMacParams = z.object({ mac: zMacAddress });
