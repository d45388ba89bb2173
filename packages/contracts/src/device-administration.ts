import { z } from 'zod';
import { PHYSICAL_LOCATIONS } from './device-connection';
import { DEVICE_CONDITIONS, DEVICE_SALE_TYPES, zDeviceRegistryFields } from './devices';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Device administration (spec §4, issue 19): where each watch physically is, its sale state, stops
 * and exchanges, with every change kept as history.
 */

/** Translation keys of the device administration screens' server messages. */
export const DEVICE_ADMINISTRATION_MESSAGE_KEYS = {
  sameLocation: 'deviceAdministration:refused.sameLocation',
  deviceStopped: 'deviceAdministration:refused.stopped',
  noCitizen: 'deviceAdministration:refused.noCitizen',
  replacementNotInStock: 'deviceAdministration:refused.replacementNotInStock',
  replacementNotReady: 'deviceAdministration:refused.replacementNotReady',
  replacementInUse: 'deviceAdministration:refused.replacementInUse',
  replacementSameDevice: 'deviceAdministration:refused.replacementSameDevice',
  alreadyStoppedAs: 'deviceAdministration:refused.alreadyStoppedAs',
  replacementHasSubscription: 'deviceAdministration:refused.replacementHasSubscription',
  replacementRequired: 'deviceAdministration:replacementRequired',
} as const;

export type PhysicalLocationName = keyof typeof PHYSICAL_LOCATIONS;
export type PhysicalLocation = (typeof PHYSICAL_LOCATIONS)[PhysicalLocationName];

/** The location values in order (0–7). */
export const PHYSICAL_LOCATION_VALUES = Object.values(PHYSICAL_LOCATIONS).sort((a, b) => a - b) as [
  PhysicalLocation,
  ...PhysicalLocation[],
];

/** The name of a location value (`4` → `atCustomer`); the web translates `deviceAdministration:location.<name>`. */
export function physicalLocationName(value: PhysicalLocation): PhysicalLocationName {
  return (Object.keys(PHYSICAL_LOCATIONS) as PhysicalLocationName[]).find(
    (name) => PHYSICAL_LOCATIONS[name] === value,
  )!;
}

export const zPhysicalLocation = z
  .number()
  .int()
  .refine((value): value is PhysicalLocation => (PHYSICAL_LOCATION_VALUES as number[]).includes(value), {
    message: 'validation.invalidChoice',
  }) as unknown as z.ZodType<PhysicalLocation>;

const L = PHYSICAL_LOCATIONS;

/**
 * The allowed moves of a watch's physical location; every other move is refused with 409. A device
 * without a stored location counts as "Not set".
 *
 * | From             | Allowed to                                                                   | Why                                                            |
 * | ---------------- | ---------------------------------------------------------------------------- | -------------------------------------------------------------- |
 * | Not set          | In stock, Testing, Being repaired, At customer, Awaiting return, Written off, Sent to customer | Watches registered before locations were kept get their first place |
 * | In stock         | Testing, Being repaired, At customer, Written off, Sent to customer          | Stock is tested, repaired, handed over (exchange) or shipped   |
 * | Testing          | In stock, Being repaired, Written off, Sent to customer                      | A test ends in stock, in repair, written off or shipped        |
 * | Being repaired   | In stock, Testing, Written off                                               | A repaired watch is re-tested or stocked; or cannot be saved   |
 * | At customer      | Being repaired, Awaiting return, In stock, Written off                       | Repaired, expected back, returned in person, or lost           |
 * | Awaiting return  | In stock, Being repaired, At customer, Written off                           | Arrived back, arrived broken, kept after all, or never came    |
 * | Written off      | Being repaired                                                               | Final: only a found watch goes for a check before stock again  |
 * | Sent to customer | At customer, Awaiting return, In stock, Written off                          | Delivered, refused, returned undelivered, or lost in transit   |
 */
export const PHYSICAL_LOCATION_TRANSITIONS: Readonly<Record<PhysicalLocation, readonly PhysicalLocation[]>> =
  {
    [L.notSet]: [
      L.inStock,
      L.testing,
      L.beingRepaired,
      L.atCustomer,
      L.awaitingReturn,
      L.writtenOff,
      L.sentToCustomer,
    ],
    [L.inStock]: [L.testing, L.beingRepaired, L.atCustomer, L.writtenOff, L.sentToCustomer],
    [L.testing]: [L.inStock, L.beingRepaired, L.writtenOff, L.sentToCustomer],
    [L.beingRepaired]: [L.inStock, L.testing, L.writtenOff],
    [L.atCustomer]: [L.beingRepaired, L.awaitingReturn, L.inStock, L.writtenOff],
    [L.awaitingReturn]: [L.inStock, L.beingRepaired, L.atCustomer, L.writtenOff],
    [L.writtenOff]: [L.beingRepaired],
    [L.sentToCustomer]: [L.atCustomer, L.awaitingReturn, L.inStock, L.writtenOff],
  };

/**
 * Why a move away from each location is refused: the 409's message key. Each names the rule
 * ("a written-off watch can only go for repair"), so the person sees what to do instead.
 */
export const PHYSICAL_LOCATION_REFUSAL_KEYS: Readonly<Record<PhysicalLocation, string>> = {
  [L.notSet]: 'deviceAdministration:refused.fromNotSet',
  [L.inStock]: 'deviceAdministration:refused.fromInStock',
  [L.testing]: 'deviceAdministration:refused.fromTesting',
  [L.beingRepaired]: 'deviceAdministration:refused.fromBeingRepaired',
  [L.atCustomer]: 'deviceAdministration:refused.fromAtCustomer',
  [L.awaitingReturn]: 'deviceAdministration:refused.fromAwaitingReturn',
  [L.writtenOff]: 'deviceAdministration:refused.fromWrittenOff',
  [L.sentToCustomer]: 'deviceAdministration:refused.fromSentToCustomer',
};

/** The stored location, with no value read as "Not set". */
export function physicalLocationOf(stored: number | null | undefined): PhysicalLocation {
  return (PHYSICAL_LOCATION_VALUES as number[]).includes(stored ?? 0)
    ? ((stored ?? 0) as PhysicalLocation)
    : L.notSet;
}

/** The locations a watch may move to from `from`. */
export function allowedPhysicalLocationTargets(from: number | null | undefined): readonly PhysicalLocation[] {
  return PHYSICAL_LOCATION_TRANSITIONS[physicalLocationOf(from)];
}

/**
 * Checks one move: null when allowed, otherwise the message key of the reason it is refused.
 */
export function physicalLocationRefusal(
  from: number | null | undefined,
  to: PhysicalLocation,
): string | null {
  const origin = physicalLocationOf(from);
  if (origin === to) return DEVICE_ADMINISTRATION_MESSAGE_KEYS.sameLocation;
  return PHYSICAL_LOCATION_TRANSITIONS[origin].includes(to) ? null : PHYSICAL_LOCATION_REFUSAL_KEYS[origin];
}

/** What a history entry records. */
export const DEVICE_HISTORY_KINDS = ['location', 'sale', 'condition', 'stop', 'exchange'] as const;
export type DeviceHistoryKind = (typeof DEVICE_HISTORY_KINDS)[number];

/** How a watch is stopped (spec §4); each has the effects of `DEVICE_STOP_EFFECTS`. */
export const DEVICE_STOP_KINDS = ['lost', 'awaitingReturn', 'returned', 'customerDevice'] as const;
export type DeviceStopKind = (typeof DEVICE_STOP_KINDS)[number];

/** One edited field of a sale or condition entry: its value before and after. */
export type DeviceHistoryChange = { from: string | boolean | null; to: string | boolean | null };
export type DeviceHistoryChanges = Record<string, DeviceHistoryChange>;

/**
 * What each stop does (spec §4). Every stop ends the citizen link (the watch is freed and its app
 * settings dropped) and marks the watch stopped, so it raises no more offline alarms.
 *
 * | Stop            | Citizen link | Offline alarms | Subscription of the watch | Physical location |
 * | --------------- | ------------ | -------------- | ------------------------- | ----------------- |
 * | Lost            | ends         | none           | ended                     | Written off       |
 * | Awaiting return | ends         | none           | paused                    | Awaiting return   |
 * | Returned        | ends         | none           | ended                     | In stock          |
 * | Customer device | ends         | none           | ended                     | At customer       |
 */
export const DEVICE_STOP_EFFECTS: Readonly<
  Record<DeviceStopKind, { subscription: 'paused' | 'ended'; location: PhysicalLocation }>
> = {
  lost: { subscription: 'ended', location: L.writtenOff },
  awaitingReturn: { subscription: 'paused', location: L.awaitingReturn },
  returned: { subscription: 'ended', location: L.inStock },
  customerDevice: { subscription: 'ended', location: L.atCustomer },
};

const zNote = z.string().trim().max(1000).optional().default('');

/** A watch as device administration shows it. */
export const zAdministeredDevice = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  name: z.string(),
  imei: z.string(),
  productName: z.string().nullable(),
  physicalLocation: zPhysicalLocation,
  /** Where it may move from here (`PHYSICAL_LOCATION_TRANSITIONS`). */
  allowedLocations: z.array(zPhysicalLocation),
  readyForSale: z.boolean(),
  saleType: z.enum(DEVICE_SALE_TYPES).nullable(),
  purchaseDate: z.string().nullable(),
  owner: z.string().nullable(),
  operator: z.string().nullable(),
  condition: z.enum(DEVICE_CONDITIONS).nullable(),
  diag: z.string().nullable(),
  citizenId: z.string().nullable(),
  citizenName: z.string().nullable(),
  stoppedAs: z.enum(DEVICE_STOP_KINDS).nullable(),
  stoppedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdministeredDevice = z.infer<typeof zAdministeredDevice>;

export const ADMINISTERED_DEVICE_SORT_FIELDS = [
  'name',
  'imei',
  'physicalLocation',
  'saleType',
  'readyForSale',
  'condition',
  'tenantName',
  'updatedAt',
] as const;

const zQueryBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean().optional(),
);

/** `GET /api/device-administration/devices`: paged, sorted and searched (name, IMEI, owner) on the server. */
export const zAdministeredDeviceListRequest = zPagedRequest.extend({
  physicalLocation: z.coerce.number().int().min(0).max(7).optional(),
  readyForSale: zQueryBoolean,
});
export type AdministeredDeviceListRequest = z.input<typeof zAdministeredDeviceListRequest>;
export const zAdministeredDeviceList = zPagedResult(zAdministeredDevice);
export type AdministeredDeviceList = z.infer<typeof zAdministeredDeviceList>;

/** `PUT /api/device-administration/devices/{id}/location`. */
export const zChangePhysicalLocationRequest = z.object({ to: zPhysicalLocation, note: zNote });
export type ChangePhysicalLocationRequest = z.input<typeof zChangePhysicalLocationRequest>;

/** `PUT /api/device-administration/devices/{id}/sale`: the sale fields, the sales type included. */
export const zUpdateDeviceSaleRequest = z.object({
  readyForSale: z.boolean(),
  saleType: zDeviceRegistryFields.shape.saleType,
  purchaseDate: zDeviceRegistryFields.shape.purchaseDate,
  owner: zDeviceRegistryFields.shape.owner,
  operator: zDeviceRegistryFields.shape.operator,
  note: zNote,
});
export type UpdateDeviceSaleRequest = z.input<typeof zUpdateDeviceSaleRequest>;

/** `PUT /api/device-administration/devices/{id}/condition`: the condition with its DIAG notes. */
export const zUpdateDeviceConditionRequest = z.object({
  condition: zDeviceRegistryFields.shape.condition,
  diag: zDeviceRegistryFields.shape.diag,
  note: zNote,
});
export type UpdateDeviceConditionRequest = z.input<typeof zUpdateDeviceConditionRequest>;

/** `POST /api/device-administration/devices/{id}/stop`. */
export const zStopDeviceRequest = z.object({ kind: z.enum(DEVICE_STOP_KINDS), note: zNote });
export type StopDeviceRequest = z.input<typeof zStopDeviceRequest>;

/** `POST /api/device-administration/devices/{id}/exchange`: replace the citizen's watch with a stock one. */
export const zExchangeDeviceRequest = z.object({
  replacementDeviceId: z.uuid(DEVICE_ADMINISTRATION_MESSAGE_KEYS.replacementRequired),
  note: zNote,
});
export type ExchangeDeviceRequest = z.input<typeof zExchangeDeviceRequest>;
export const zExchangeDeviceResponse = z.object({
  previous: zAdministeredDevice,
  replacement: zAdministeredDevice,
});
export type ExchangeDeviceResponse = z.infer<typeof zExchangeDeviceResponse>;

/** `GET /api/device-administration/devices/{id}/exchange-candidates`: the tenant's stock watches. */
export const zExchangeCandidatesRequest = zPagedRequest;

/** One history entry of a watch. */
export const zDeviceHistoryEntry = z.object({
  id: z.string(),
  deviceId: z.string(),
  kind: z.enum(DEVICE_HISTORY_KINDS),
  fromLocation: zPhysicalLocation.nullable(),
  toLocation: zPhysicalLocation.nullable(),
  stopKind: z.enum(DEVICE_STOP_KINDS).nullable(),
  otherDeviceId: z.string().nullable(),
  otherDeviceImei: z.string().nullable(),
  changes: z
    .record(
      z.string(),
      z.object({
        from: z.union([z.string(), z.boolean()]).nullable(),
        to: z.union([z.string(), z.boolean()]).nullable(),
      }),
    )
    .nullable(),
  note: z.string(),
  changedBy: z.string(),
  createdAt: z.string(),
});
export type DeviceHistoryEntryItem = z.infer<typeof zDeviceHistoryEntry>;

/** `GET /api/device-administration/devices/{id}/history`: newest first. */
export const zDeviceHistoryRequest = zPagedRequest.pick({ skipCount: true, maxResultCount: true });
export const zDeviceHistoryList = zPagedResult(zDeviceHistoryEntry);
export type DeviceHistoryList = z.infer<typeof zDeviceHistoryList>;
