import { z } from 'zod';

/** Contracts of tenant features: the typed catalogue and GET/PUT /api/tenants/:id/features. */

export const FEATURE_TYPES = ['toggle', 'number', 'selection'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];
export type FeatureValue = string | number | boolean;

/** One feature of the catalogue. `displayKey` is a key in the `tenants` namespace. */
export interface FeatureDefinition {
  name: string;
  type: FeatureType;
  default: FeatureValue;
  /** The allowed values of a `selection`. */
  options?: readonly string[];
  /** Bounds of a `number`. */
  min?: number;
  max?: number;
  displayKey: string;
}

export const FEATURE_NAMES = {
  nationalLogin: 'Homeward.NationalLogin',
  twoFactor: 'Homeward.TwoFactor',
  maxDevices: 'Homeward.MaxDevices',
} as const;

/** Translation keys of what features refuse (each in the namespace of the feature it limits). */
export const FEATURE_MESSAGE_KEYS = {
  maxDevicesReached: 'devices:maxDevicesReached',
} as const;

/** How a tenant's users use the second factor: their own choice, never, or always. */
export const TWO_FACTOR_MODES = ['optional', 'disabled', 'forced'] as const;
export type TwoFactorMode = (typeof TWO_FACTOR_MODES)[number];

/** Screens a tenant can have switched off; the feature name is `Homeward.Screens.<screen>`. */
export const FEATURE_SCREENS = [
  'Customers',
  'Organizations',
  'Invoices',
  'SimCards',
  'Wifi',
  'Accessories',
  'DeviceAdministration',
  'Messages',
  'AlarmTexts',
  'CommandTemplates',
] as const;
export type FeatureScreen = (typeof FEATURE_SCREENS)[number];
export const screenFeatureName = (screen: FeatureScreen) => `Homeward.Screens.${screen}`;

/** Highest value of `Homeward.MaxDevices`. */
export const MAX_DEVICES_LIMIT = 1_000_000;

/**
 * The feature catalogue. `Homeward.MaxDevices` is the most watches a tenant may register; 0 means
 * the tenant may register none (a limit, not "unlimited"), so switching a tenant off is possible.
 */
export const FEATURES: readonly FeatureDefinition[] = [
  { name: FEATURE_NAMES.nationalLogin, type: 'toggle', default: false, displayKey: 'feature.NationalLogin' },
  {
    name: FEATURE_NAMES.twoFactor,
    type: 'selection',
    default: 'optional',
    options: TWO_FACTOR_MODES,
    displayKey: 'feature.TwoFactor',
  },
  {
    name: FEATURE_NAMES.maxDevices,
    type: 'number',
    default: 1000,
    min: 0,
    max: MAX_DEVICES_LIMIT,
    displayKey: 'feature.MaxDevices',
  },
  ...FEATURE_SCREENS.map((screen): FeatureDefinition => ({
    name: screenFeatureName(screen),
    type: 'toggle',
    default: true,
    displayKey: `feature.Screens.${screen}`,
  })),
];

export function findFeature(name: string): FeatureDefinition | undefined {
  return FEATURES.find((feature) => feature.name === name);
}

/** Every feature at its default. */
export function defaultFeatureValues(): Record<string, FeatureValue> {
  return Object.fromEntries(FEATURES.map((feature) => [feature.name, feature.default]));
}

/** The zod rule for one feature's value, by its type. */
export function zFeatureValue(feature: FeatureDefinition): z.ZodType<FeatureValue> {
  switch (feature.type) {
    case 'toggle':
      return z.boolean();
    case 'number':
      return z
        .number()
        .int()
        .min(feature.min ?? 0)
        .max(feature.max ?? Number.MAX_SAFE_INTEGER);
    case 'selection':
      return z.enum(feature.options as [string, ...string[]]);
  }
}

/** Stored text → typed value; a value that no longer parses falls back to the default. */
export function parseFeatureValue(feature: FeatureDefinition, text: string): FeatureValue {
  const raw = feature.type === 'toggle' ? text === 'true' : feature.type === 'number' ? Number(text) : text;
  const result = zFeatureValue(feature).safeParse(raw);
  return result.success ? result.data : feature.default;
}

/** One feature as the management dialog shows it. */
export const zTenantFeature = z.object({
  name: z.string(),
  type: z.enum(FEATURE_TYPES),
  value: z.union([z.string(), z.number(), z.boolean()]),
  defaultValue: z.union([z.string(), z.number(), z.boolean()]),
  options: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  displayKey: z.string(),
});
export type TenantFeature = z.infer<typeof zTenantFeature>;
export const zTenantFeaturesResponse = z.object({ items: z.array(zTenantFeature) });
export type TenantFeaturesResponse = z.infer<typeof zTenantFeaturesResponse>;

/**
 * PUT /api/tenants/:id/features: name → value for the features to set; others keep their value.
 * Unknown names and values of the wrong type are field errors under the feature's name.
 */
export const zUpdateTenantFeaturesRequest = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .superRefine((values, context) => {
    for (const [name, value] of Object.entries(values)) {
      const feature = findFeature(name);
      if (!feature) {
        context.addIssue({ code: 'custom', path: [name], message: 'tenants:unknownFeature' });
        continue;
      }
      const result = zFeatureValue(feature).safeParse(value);
      if (!result.success) {
        for (const issue of result.error.issues) context.addIssue({ ...issue, path: [name] } as never);
      }
    }
  });
export type UpdateTenantFeaturesRequest = z.input<typeof zUpdateTenantFeaturesRequest>;
