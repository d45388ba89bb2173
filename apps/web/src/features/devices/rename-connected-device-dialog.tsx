import {
  zRenameConnectedDeviceRequest,
  type ConnectedDevice,
  type RenameConnectedDeviceRequest,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import { useRenameConnectedDevice } from './rename-connected-device';

/** The owner gives a watch of the household another name. */
export function RenameConnectedDeviceDialog({
  device,
  onClose,
}: {
  device: ConnectedDevice;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const rename = useRenameConnectedDevice();
  return (
    <CrudFormDialog<RenameConnectedDeviceRequest>
      open
      title={t('devices:household.renameTitle')}
      schema={zRenameConnectedDeviceRequest}
      fields={[{ kind: 'text', name: 'name', labelKey: 'devices:connect.name' }]}
      values={{ name: device.name }}
      onSubmit={(values) => rename.mutateAsync({ id: device.id, ...values })}
      onClose={onClose}
    />
  );
}
