import { useTranslation } from 'react-i18next';
import {
  CURRENCIES,
  DEFAULT_DEVICE_APP_SETTINGS,
  PRODUCT_KINDS,
  zCurrency,
  zDeviceAppSettings,
  zSaveProductRequest,
  type Product,
  type SaveProductRequest,
} from '@homeward/contracts';
import { z } from 'zod';
import type { CrudFormField, SelectOption } from '../../components/crud/crud-form-fields';

/**
 * The product form: like the API request, but the list price in the currency's main unit (1499.00)
 * instead of minor units. Its rules are the contract's: the form runs `zSaveProductRequest` on the
 * request it would send and reports those issues on its own fields.
 */
export const zProductForm = z
  .object({
    kind: z.enum(PRODUCT_KINDS),
    name: z.string(),
    listPrice: z.number().min(0).max(10_000_000),
    currency: zCurrency,
    stellaIdPrefix: z.string(),
    serialNumberPattern: z.string(),
    expectedReportingIntervalSeconds: z.number(),
    defaultAppSettings: zDeviceAppSettings,
    launchDate: z.string(),
    endOfLifeDate: z.string(),
    count: z.number(),
  })
  .superRefine((value, context) => {
    const result = zSaveProductRequest.safeParse(toProductRequest(value));
    for (const issue of result.error?.issues ?? []) {
      const path = issue.path[0] === 'listPriceMinor' ? ['listPrice', ...issue.path.slice(1)] : issue.path;
      context.addIssue({ code: 'custom', path, message: issue.message });
    }
  });
export type ProductForm = z.output<typeof zProductForm>;

export function toProductRequest(form: ProductForm): SaveProductRequest {
  const deviceFamily = form.kind === 'deviceFamily';
  const accessory = form.kind === 'accessory';
  return {
    kind: form.kind,
    name: form.name,
    listPriceMinor: Math.round(form.listPrice * 100),
    currency: form.currency,
    stellaIdPrefix: deviceFamily ? form.stellaIdPrefix : '',
    serialNumberPattern: deviceFamily ? form.serialNumberPattern : '',
    expectedReportingIntervalSeconds: deviceFamily ? form.expectedReportingIntervalSeconds : null,
    defaultAppSettings: deviceFamily ? form.defaultAppSettings : null,
    launchDate: accessory ? form.launchDate : null,
    endOfLifeDate: accessory ? form.endOfLifeDate : null,
    count: accessory ? form.count : null,
  };
}

export const EMPTY_PRODUCT_FORM: ProductForm = {
  kind: 'deviceFamily',
  name: '',
  listPrice: 0,
  currency: 'DKK',
  stellaIdPrefix: '',
  serialNumberPattern: '',
  expectedReportingIntervalSeconds: 900,
  defaultAppSettings: { ...DEFAULT_DEVICE_APP_SETTINGS },
  launchDate: '',
  endOfLifeDate: '',
  count: 0,
};

export function productFormValues(product: Product): ProductForm {
  return {
    kind: product.kind,
    name: product.name,
    listPrice: product.listPriceMinor / 100,
    currency: product.currency,
    stellaIdPrefix: product.stellaIdPrefix ?? '',
    serialNumberPattern: product.serialNumberPattern ?? '',
    expectedReportingIntervalSeconds: product.expectedReportingIntervalSeconds ?? 900,
    defaultAppSettings: product.defaultAppSettings ?? { ...DEFAULT_DEVICE_APP_SETTINGS },
    launchDate: product.launchDate ?? '',
    endOfLifeDate: product.endOfLifeDate ?? '',
    count: product.count ?? 0,
  };
}

function useKindOptions(): SelectOption[] {
  const { t } = useTranslation();
  return PRODUCT_KINDS.map((kind) => ({ value: kind, label: t(`products:kinds.${kind}`) }));
}

function useCurrencyOptions(): SelectOption[] {
  return CURRENCIES.map((code) => ({ value: code, label: code }));
}

/**
 * The device-family and accessory fields are kept for the other kinds too but not sent
 * (`toProductRequest`); their helper texts say which kind they belong to.
 */
export const PRODUCT_FORM_FIELDS: CrudFormField<ProductForm>[] = [
  { kind: 'select', name: 'kind', labelKey: 'products:kind', useOptions: useKindOptions },
  { kind: 'text', name: 'name', labelKey: 'products:name' },
  {
    kind: 'number',
    name: 'listPrice',
    labelKey: 'products:listPrice',
    helperKey: 'products:listPriceHelper',
  },
  { kind: 'select', name: 'currency', labelKey: 'products:currency', useOptions: useCurrencyOptions },
  { kind: 'text', name: 'stellaIdPrefix', labelKey: 'products:stellaIdPrefix' },
  {
    kind: 'text',
    name: 'serialNumberPattern',
    labelKey: 'products:serialNumberPattern',
    helperKey: 'products:serialNumberPatternHelper',
  },
  {
    kind: 'number',
    name: 'expectedReportingIntervalSeconds',
    labelKey: 'products:expectedReportingIntervalSeconds',
  },
  {
    kind: 'number',
    name: 'defaultAppSettings.positionIntervalSeconds',
    labelKey: 'products:positionIntervalSeconds',
  },
  { kind: 'text', name: 'defaultAppSettings.sosNumber', labelKey: 'products:sosNumber' },
  {
    kind: 'number',
    name: 'defaultAppSettings.lowBatteryThresholdPercent',
    labelKey: 'products:lowBatteryThresholdPercent',
  },
  { kind: 'switch', name: 'defaultAppSettings.fallDetection', labelKey: 'products:fallDetection' },
  { kind: 'date', name: 'launchDate', labelKey: 'products:launchDate', helperKey: 'products:accessoryOnly' },
  {
    kind: 'date',
    name: 'endOfLifeDate',
    labelKey: 'products:endOfLifeDate',
    helperKey: 'products:accessoryOnly',
  },
  { kind: 'number', name: 'count', labelKey: 'products:count', helperKey: 'products:countHelper' },
];
