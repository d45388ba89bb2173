import { zUpdateDeviceRequest, type Device, type UpdateDeviceRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import { useDeviceOrganizationOptions } from './get-device-organizations';
import { useUpdateDevice } from './update-device';

function useOrganizationChoices(): SelectOption[] {
  return [{ value: '', label: '—' }, ...useDeviceOrganizationOptions()];
}

/** The dashboard's and the devices screen's edit action: the name and the organization. */
export function EditDeviceDialog({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  const update = useUpdateDevice();
  return (
    <CrudFormDialog<UpdateDeviceRequest>
      open
      title={t('devices:editDevice')}
      schema={zUpdateDeviceRequest}
      fields={[
        { kind: 'text', name: 'name', labelKey: 'devices:name' },
        {
          kind: 'select',
          name: 'organizationId',
          labelKey: 'devices:organization',
          useOptions: useOrganizationChoices,
        },
      ]}
      values={{ name: device.name, organizationId: device.organizationId ?? '' }}
      onSubmit={(values) => update.mutateAsync({ id: device.id, ...values })}
      onClose={onClose}
    />
  );
}
