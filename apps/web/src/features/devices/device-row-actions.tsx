import { useState, type ReactNode } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import TerminalIcon from '@mui/icons-material/Terminal';
import { useNavigate } from 'react-router';
import type { Device } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import type { CrudRowAction } from '../../components/crud/crud-resource';
import { ActivationCodeDialog } from './activation-code-dialog';
import { useDeleteDevice } from './delete-device';
import { EditDeviceDialog } from './edit-device-dialog';

type Dialog = { kind: 'edit' | 'delete' | 'code'; device: Device } | null;

/**
 * The row actions of every device list (terminal, edit name and organization, activation code,
 * delete), each behind its permission, and the dialogs they open. A button's test id is
 * `<id>-<imei>`.
 */
export function useDeviceRowActions(): { rowActions: CrudRowAction<Device>[]; dialogs: ReactNode } {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteDevice();
  const navigate = useNavigate();
  const rowActions: CrudRowAction<Device>[] = [
    // Everyone who sees the list may open the terminal (its buttons check their own permissions).
    {
      id: 'device-terminal',
      labelKey: 'devices:terminal.open',
      icon: <TerminalIcon fontSize="small" />,
      onClick: (device) => void navigate(`/devices/${device.id}/terminal`),
    },
    {
      id: 'device-edit',
      labelKey: 'identity:crud.edit',
      icon: <EditIcon fontSize="small" />,
      permission: 'Homeward.Devices.Edit',
      onClick: (device) => setDialog({ kind: 'edit', device }),
    },
    {
      id: 'device-code',
      labelKey: 'devices:codes.show',
      icon: <QrCodeIcon fontSize="small" />,
      permission: 'Homeward.Devices.ActivationCodes',
      onClick: (device) => setDialog({ kind: 'code', device }),
    },
    {
      id: 'device-delete',
      labelKey: 'identity:crud.delete',
      icon: <DeleteIcon fontSize="small" />,
      permission: 'Homeward.Devices.Delete',
      onClick: (device) => setDialog({ kind: 'delete', device }),
    },
  ];
  const dialogs = (
    <>
      {dialog?.kind === 'edit' && <EditDeviceDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'code' && (
        <ActivationCodeDialog device={dialog.device} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          open
          name={t('devices:deleteText', { name: dialog.device.name, imei: dialog.device.imei })}
          onConfirm={() => remove.mutateAsync(dialog.device.id)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
  return { rowActions, dialogs };
}
