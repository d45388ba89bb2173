import { useState } from 'react';
import {
  DEVICE_CONDITIONS,
  DEVICE_SALE_TYPES,
  zDeviceRegistryFields,
  type RegisterDeviceRequest,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import type { CrudFormField, SelectOption } from '../../components/crud/crud-form-fields';
import { useDeviceOrganizationOptions } from './get-device-organizations';
import { useDeviceProductOptions } from './get-device-products';
import { stellaPrefixWarningOf, useRegisterDevice } from './register-device';
import { StellaPrefixDialog, type StellaPrefixQuestion } from './stella-prefix-dialog';

/** The form holds text in every input; the contract turns empty optional fields into null. */
type DeviceForm = Record<
  | 'name'
  | 'imei'
  | 'organizationId'
  | 'productId'
  | 'serialNumber'
  | 'stellaId'
  | 'deviceIdentifier'
  | 'phoneNumber'
  | 'operator'
  | 'owner'
  | 'purchaseDate'
  | 'saleType'
  | 'condition'
  | 'diag',
  string
>;

const EMPTY: DeviceForm = {
  name: '',
  imei: '',
  organizationId: '',
  productId: '',
  serialNumber: '',
  stellaId: '',
  deviceIdentifier: '',
  phoneNumber: '',
  operator: '',
  owner: '',
  purchaseDate: '',
  saleType: '',
  condition: '',
  diag: '',
};

/** Choices of an optional enum field: "not set", then each value's translated name. */
function choicesOf(prefix: string, values: readonly string[]) {
  return function useEnumOptions(): SelectOption[] {
    const { t } = useTranslation();
    return [
      { value: '', label: '—' },
      ...values.map((value) => ({ value, label: t(`devices:${prefix}.${value}`) })),
    ];
  };
}
const useSaleTypeOptions = choicesOf('saleTypes', DEVICE_SALE_TYPES);
const useConditionOptions = choicesOf('conditions', DEVICE_CONDITIONS);

function useOrganizationChoices(): SelectOption[] {
  return [{ value: '', label: '—' }, ...useDeviceOrganizationOptions()];
}

function useProductChoices(): SelectOption[] {
  const { t } = useTranslation();
  return [{ value: '', label: t('devices:noProduct') }, ...useDeviceProductOptions()];
}

const FIELDS: CrudFormField<DeviceForm>[] = [
  { kind: 'text', name: 'name', labelKey: 'devices:name' },
  { kind: 'text', name: 'imei', labelKey: 'devices:imei', helperKey: 'devices:imeiHelp' },
  {
    kind: 'select',
    name: 'organizationId',
    labelKey: 'devices:organization',
    useOptions: useOrganizationChoices,
  },
  { kind: 'select', name: 'productId', labelKey: 'devices:product', useOptions: useProductChoices },
  { kind: 'text', name: 'stellaId', labelKey: 'devices:stellaId', helperKey: 'devices:stellaIdHelp' },
  { kind: 'text', name: 'serialNumber', labelKey: 'devices:serialNumber' },
  {
    kind: 'text',
    name: 'deviceIdentifier',
    labelKey: 'devices:deviceIdentifier',
    helperKey: 'devices:deviceIdentifierHelp',
  },
  { kind: 'text', name: 'phoneNumber', labelKey: 'devices:phoneNumber' },
  { kind: 'text', name: 'operator', labelKey: 'devices:operator' },
  { kind: 'text', name: 'owner', labelKey: 'devices:owner' },
  { kind: 'date', name: 'purchaseDate', labelKey: 'devices:purchaseDate' },
  { kind: 'select', name: 'saleType', labelKey: 'devices:saleType', useOptions: useSaleTypeOptions },
  { kind: 'select', name: 'condition', labelKey: 'devices:condition', useOptions: useConditionOptions },
  { kind: 'textarea', name: 'diag', labelKey: 'devices:diag' },
];

/**
 * "Add device": every registry field, validated by the contract in the browser and again on the
 * server. A Stella ID without the product's prefix asks first; OK registers the watch anyway.
 */
export function AddDeviceDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const register = useRegisterDevice();
  const [question, setQuestion] = useState<StellaPrefixQuestion | null>(null);

  const askPrefix = (stellaId: string, prefix: string) =>
    new Promise<boolean>((resolve) =>
      setQuestion({
        stellaId,
        prefix,
        answer: (registerAnyway) => {
          setQuestion(null);
          resolve(registerAnyway);
        },
      }),
    );

  const submit = async (values: DeviceForm) => {
    const request = values as unknown as RegisterDeviceRequest;
    try {
      await register.mutateAsync(request);
    } catch (error) {
      const warning = stellaPrefixWarningOf(error);
      // Cancelled: the Stella ID field keeps the warning, so the user can correct it.
      if (!warning || !(await askPrefix(request.stellaId ?? '', warning.prefix))) throw error;
      await register.mutateAsync({ ...request, acceptStellaIdPrefixMismatch: true });
    }
  };

  return (
    <>
      <CrudFormDialog<DeviceForm>
        open={open}
        title={t('devices:addDevice')}
        schema={zDeviceRegistryFields as unknown as z.ZodType<DeviceForm, DeviceForm>}
        fields={FIELDS}
        values={EMPTY}
        onSubmit={submit}
        onClose={onClose}
      />
      <StellaPrefixDialog question={question} />
    </>
  );
}
