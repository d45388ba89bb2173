import { z } from 'zod';
import { zCurrency, zMoneyMinor } from './currencies';
import { zOptionalIsoDate } from './devices';
import { zPagedResult } from './users';
import { VALIDATION_KEYS } from './validation';

/** Contracts of the product catalogue (spec "Accessories (products)"), one catalogue per tenant. */

export const PRODUCT_KINDS = ['deviceFamily', 'service', 'subscription', 'accessory'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const PRODUCT_SORT_FIELDS = [
  'name',
  'kind',
  'listPriceMinor',
  'createdAt',
  'launchDate',
  'endOfLifeDate',
  'count',
] as const;

/** Translation keys (namespace `products`) of the rules the server enforces. */
export const PRODUCT_MESSAGE_KEYS = {
  serialPatternInvalid: 'products:serialPatternInvalid',
  serialPatternUnsafe: 'products:serialPatternUnsafe',
  stellaIdPrefixInvalid: 'products:stellaIdPrefixInvalid',
  endOfLifeBeforeLaunch: 'products:endOfLifeBeforeLaunch',
} as const;

/** Most of one accessory a tenant can hold in stock. */
export const ACCESSORY_COUNT_MAX = 1_000_000;

/** The app settings a new watch of a device family starts with. */
export const zDeviceAppSettings = z.object({
  positionIntervalSeconds: z.number().int().min(10).max(86_400),
  sosNumber: z
    .string()
    .trim()
    .max(20)
    .regex(/^\+?\d*$/, VALIDATION_KEYS.digitsOnly)
    .optional()
    .default(''),
  lowBatteryThresholdPercent: z.number().int().min(1).max(100),
  fallDetection: z.boolean(),
});
export type DeviceAppSettings = z.infer<typeof zDeviceAppSettings>;

export const DEFAULT_DEVICE_APP_SETTINGS: DeviceAppSettings = {
  positionIntervalSeconds: 300,
  sosNumber: '',
  lowBatteryThresholdPercent: 20,
  fallDetection: false,
};

/**
 * A serial-number pattern must compile and must not be able to backtrack catastrophically on a
 * device's input: no back-references, no quantified group that itself holds a quantifier
 * (`(a+)+`, `(\d*)*`, `(a|aa){2,}`), and at most 200 characters.
 */
export function serialPatternProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
  } catch {
    return PRODUCT_MESSAGE_KEYS.serialPatternInvalid;
  }
  const nestedQuantifier =
    /\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,?\d*\})(?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,?\d*\})/;
  const alternationRepeated = /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/;
  if (/\\[1-9]|\\k</.test(pattern) || nestedQuantifier.test(pattern) || alternationRepeated.test(pattern)) {
    return PRODUCT_MESSAGE_KEYS.serialPatternUnsafe;
  }
  return undefined;
}

export const zProduct = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  kind: z.enum(PRODUCT_KINDS),
  name: z.string(),
  listPriceMinor: z.number().int(),
  currency: zCurrency,
  stellaIdPrefix: z.string().nullable(),
  serialNumberPattern: z.string().nullable(),
  expectedReportingIntervalSeconds: z.number().int().nullable(),
  defaultAppSettings: zDeviceAppSettings.nullable(),
  /** Accessory fields (spec §3 "Accessory"); null for the other kinds. Dates are `YYYY-MM-DD`. */
  launchDate: z.string().nullable(),
  endOfLifeDate: z.string().nullable(),
  /** How many are in stock; orders take from it. */
  count: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof zProduct>;
export const zProductListResponse = zPagedResult(zProduct);
export type ProductListResponse = z.infer<typeof zProductListResponse>;

/**
 * POST /api/products and PUT /api/products/:id. The device-family fields are required for a device
 * family and ignored (stored empty) for the other kinds; the accessory fields (launch date, end of
 * life after it, count in stock) likewise belong to accessories only.
 */
export const zSaveProductRequest = z
  .object({
    kind: z.enum(PRODUCT_KINDS),
    name: z.string().trim().min(1).max(128),
    listPriceMinor: zMoneyMinor,
    currency: zCurrency,
    stellaIdPrefix: z.string().trim().max(6).optional().default(''),
    serialNumberPattern: z.string().trim().max(200).optional().default(''),
    expectedReportingIntervalSeconds: z.number().int().min(10).max(604_800).nullable().optional(),
    defaultAppSettings: zDeviceAppSettings.nullable().optional(),
    launchDate: zOptionalIsoDate,
    endOfLifeDate: zOptionalIsoDate,
    count: z.number().int().min(0).max(ACCESSORY_COUNT_MAX).nullable().optional(),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (value.kind === 'accessory') {
      if (value.count == null) issue('count', VALIDATION_KEYS.required);
      if (value.launchDate && value.endOfLifeDate && value.endOfLifeDate <= value.launchDate)
        issue('endOfLifeDate', PRODUCT_MESSAGE_KEYS.endOfLifeBeforeLaunch);
      return;
    }
    if (value.kind !== 'deviceFamily') return;
    if (!value.stellaIdPrefix) issue('stellaIdPrefix', VALIDATION_KEYS.required);
    else if (!/^[A-Z]{2,6}$/.test(value.stellaIdPrefix))
      issue('stellaIdPrefix', PRODUCT_MESSAGE_KEYS.stellaIdPrefixInvalid);
    if (!value.serialNumberPattern) issue('serialNumberPattern', VALIDATION_KEYS.required);
    else {
      const problem = serialPatternProblem(value.serialNumberPattern);
      if (problem) issue('serialNumberPattern', problem);
    }
    if (value.expectedReportingIntervalSeconds == null)
      issue('expectedReportingIntervalSeconds', VALIDATION_KEYS.required);
    if (!value.defaultAppSettings) issue('defaultAppSettings', VALIDATION_KEYS.required);
  })
  .transform((value) => {
    const accessory =
      value.kind === 'accessory'
        ? { launchDate: value.launchDate, endOfLifeDate: value.endOfLifeDate, count: value.count ?? 0 }
        : { launchDate: null, endOfLifeDate: null, count: null };
    return value.kind === 'deviceFamily'
      ? { ...value, ...accessory }
      : {
          ...value,
          ...accessory,
          stellaIdPrefix: '',
          serialNumberPattern: '',
          expectedReportingIntervalSeconds: null,
          defaultAppSettings: null,
        };
  });
export type SaveProductRequest = z.input<typeof zSaveProductRequest>;
