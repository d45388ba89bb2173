import { z } from 'zod';
import { DEVICE_STATUSES, zImei } from './devices';

/**
 * Contracts of connecting a watch (plug-and-play, spec §7 "Device manage"): a household owner
 * connects a watch from a seller's stock with its IMEI and the activation code printed on its box,
 * names it, renames it, and disconnects it again.
 */

export const DEVICE_CONNECTION_MESSAGE_KEYS = {
  activationCodeFormat: 'devices:activationCodeFormat',
  activationCodeWrong: 'devices:activationCodeWrong',
  connectionThrottled: 'devices:connectionThrottled',
  connectedElsewhere: 'devices:connectedElsewhere',
  awaitingReturn: 'devices:awaitingReturn',
  householdsOnly: 'devices:householdsOnly',
  notConnected: 'devices:notConnected',
} as const;

/**
 * The characters of an activation code: upper-case letters and digits without those a reader
 * confuses (0/O, 1/I/L). 31 symbols, so each is worth log2(31) ≈ 4.95 bits.
 */
export const ACTIVATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Ten symbols (≈ 49.5 bits), printed as two groups of five: `ABCDE-FGH23`. */
export const ACTIVATION_CODE_LENGTH = 10;
const ACTIVATION_CODE_GROUP = 5;

/** The code as typed, normalised: upper case, without spaces and dashes. */
export function normalizeActivationCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

/** The printed form of a normalised code: `ABCDEFGH23` → `ABCDE-FGH23`. */
export function formatActivationCode(code: string): string {
  return `${code.slice(0, ACTIVATION_CODE_GROUP)}-${code.slice(ACTIVATION_CODE_GROUP)}`;
}

const ACTIVATION_CODE_PATTERN = new RegExp(`^[${ACTIVATION_CODE_ALPHABET}]{${ACTIVATION_CODE_LENGTH}}$`);

/** True when `code` (normalised) could be an activation code. */
export function isActivationCodeShape(code: string): boolean {
  return ACTIVATION_CODE_PATTERN.test(code);
}

/** An activation code as typed by a person: checked for shape, then normalised. */
export const zActivationCode = z
  .string()
  .max(64, DEVICE_CONNECTION_MESSAGE_KEYS.activationCodeFormat)
  .transform(normalizeActivationCode)
  .refine(isActivationCodeShape, DEVICE_CONNECTION_MESSAGE_KEYS.activationCodeFormat);

/** The name an owner gives their watch ("Dad's watch"). */
export const zConnectedDeviceName = z.string().trim().min(1).max(64);

/** `POST /api/device-connection/model` (getDeviceModel): which watch this is, once the code is right. */
export const zDeviceModelRequest = z.object({ imei: zImei, activationCode: zActivationCode });
export type DeviceModelRequest = z.input<typeof zDeviceModelRequest>;

export const zDeviceModel = z.object({
  imei: z.string(),
  /** The device family (product) the seller registered it as; null when none. */
  productName: z.string().nullable(),
});
export type DeviceModel = z.infer<typeof zDeviceModel>;

/** `POST /api/device-connection` (assignDeviceToUser). */
export const zConnectDeviceRequest = zDeviceModelRequest.extend({ name: zConnectedDeviceName });
export type ConnectDeviceRequest = z.input<typeof zConnectDeviceRequest>;

/** `PUT /api/device-connection/:id` (updateDevice): the owner renames a connected watch. */
export const zRenameConnectedDeviceRequest = z.object({ name: zConnectedDeviceName });
export type RenameConnectedDeviceRequest = z.infer<typeof zRenameConnectedDeviceRequest>;

/** A watch of the household, as the plug-and-play screens show it. */
export const zConnectedDevice = z.object({
  id: z.string(),
  name: z.string(),
  imei: z.string(),
  status: z.enum(DEVICE_STATUSES),
  battery: z.number().int().nullable(),
  lastSeenAt: z.string().nullable(),
  citizenId: z.string().nullable(),
  citizenName: z.string().nullable(),
  /** When it was connected to the household. */
  connectedAt: z.string().nullable(),
});
export type ConnectedDevice = z.infer<typeof zConnectedDevice>;

/** `GET /api/device-connection` (getAssignDeviceToUser): the household's watches. */
export const zConnectedDeviceList = z.object({ items: z.array(zConnectedDevice) });
export type ConnectedDeviceList = z.infer<typeof zConnectedDeviceList>;

/** `GET /api/devices/:id/activation-code`: the code to print on the watch's box (staff). */
export const zDeviceActivationCode = z.object({
  deviceId: z.string(),
  /** `ABCDE-FGH23`; null only when the code cannot be made in this scope (all tenants, read-only). */
  activationCode: z.string().nullable(),
});
export type DeviceActivationCode = z.infer<typeof zDeviceActivationCode>;

/**
 * Where a watch physically is (spec §4). Connecting sets "at customer", disconnecting "awaiting
 * return". The allowed moves between them are `PHYSICAL_LOCATION_TRANSITIONS`
 * (device-administration.ts).
 */
export const PHYSICAL_LOCATIONS = {
  notSet: 0,
  inStock: 1,
  testing: 2,
  beingRepaired: 3,
  atCustomer: 4,
  awaitingReturn: 5,
  writtenOff: 6,
  sentToCustomer: 7,
} as const;
