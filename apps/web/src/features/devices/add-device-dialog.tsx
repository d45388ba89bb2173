import { zRegisterDeviceRequest, type RegisterDeviceRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import { useRegisterDevice } from './register-device';

const EMPTY: RegisterDeviceRequest = { name: '', imei: '' };

/** The dashboard's "add device" dialog: a name and the watch's IMEI (15 digits, Luhn-checked). */
export function AddDeviceDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const register = useRegisterDevice();
  return (
    <CrudFormDialog<RegisterDeviceRequest>
      open={open}
      title={t('devices:addDevice')}
      schema={zRegisterDeviceRequest}
      fields={[
        { kind: 'text', name: 'name', labelKey: 'devices:name' },
        { kind: 'text', name: 'imei', labelKey: 'devices:imei', helperKey: 'devices:imeiHelp' },
      ]}
      values={EMPTY}
      onSubmit={async (values) => {
        await register.mutateAsync(values);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
