import { useTranslation } from 'react-i18next';
import type { zSaveCustomerRequest } from '@homeward/contracts';
import {
  BILLING_METHODS,
  CURRENCIES,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  TAX_ZONES,
  type Customer,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { CrudFormField, SelectOption } from '../../components/crud/crud-form-fields';

export type CustomerForm = z.output<typeof zSaveCustomerRequest>;

function optionsHook(values: readonly string[], prefix?: string) {
  return function useOptions(): SelectOption[] {
    const { t } = useTranslation();
    return values.map((value) => ({ value, label: prefix ? t(`customers:${prefix}.${value}`) : value }));
  };
}

const useStatusOptions = optionsHook(CUSTOMER_STATUSES, 'statuses');
const useBillingOptions = optionsHook(BILLING_METHODS, 'billingMethods');
const useTypeOptions = optionsHook(CUSTOMER_TYPES, 'types');
const useTaxZoneOptions = optionsHook(TAX_ZONES, 'taxZones');
const useCurrencyOptions = optionsHook(CURRENCIES);

const text = (
  name: keyof CustomerForm,
  kind: 'text' | 'email' | 'textarea' = 'text',
): CrudFormField<CustomerForm> => ({
  kind,
  name,
  labelKey: `customers:${name}`,
});

/** Every field of a customer, in the order the create dialog and the Information tab show them. */
export const CUSTOMER_FORM_FIELDS: CrudFormField<CustomerForm>[] = [
  text('name'),
  { kind: 'select', name: 'type', labelKey: 'customers:type', useOptions: useTypeOptions },
  { kind: 'select', name: 'status', labelKey: 'customers:status', useOptions: useStatusOptions },
  text('address'),
  text('zipCode'),
  text('city'),
  text('country'),
  text('email', 'email'),
  text('invoiceEmail', 'email'),
  text('phone'),
  text('agreementResponsibleName'),
  text('agreementResponsiblePhone'),
  text('agreementResponsibleEmail', 'email'),
  text('cvr'),
  text('ean'),
  {
    kind: 'select',
    name: 'preferredBillingMethod',
    labelKey: 'customers:preferredBillingMethod',
    useOptions: useBillingOptions,
  },
  { kind: 'select', name: 'taxZone', labelKey: 'customers:taxZone', useOptions: useTaxZoneOptions },
  { kind: 'select', name: 'currency', labelKey: 'customers:currency', useOptions: useCurrencyOptions },
  text('note', 'textarea'),
];

export const EMPTY_CUSTOMER_FORM: CustomerForm = {
  name: '',
  address: '',
  city: '',
  zipCode: '',
  country: 'Danmark',
  email: '',
  invoiceEmail: '',
  agreementResponsibleName: '',
  agreementResponsiblePhone: '',
  agreementResponsibleEmail: '',
  phone: '',
  status: 'active',
  preferredBillingMethod: 'email',
  type: 'municipality',
  taxZone: 'domestic',
  currency: 'DKK',
  cvr: '',
  ean: '',
  note: '',
};

export function customerFormValues(customer: Customer): CustomerForm {
  const values = { ...EMPTY_CUSTOMER_FORM };
  for (const key of Object.keys(values) as (keyof CustomerForm)[]) {
    (values as Record<string, unknown>)[key] = customer[key];
  }
  return values;
}
