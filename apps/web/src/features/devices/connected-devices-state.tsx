import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { ConnectedDevice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useConnectedDevices } from './get-connected-devices';

/**
 * The household's connected watches (GET /api/device-connection) as the dashboard and /devices show
 * them: loading, a load failure with a retry, none yet, or `children` with the watches.
 */
export function ConnectedDevicesState({
  marginTop,
  emptyTestId,
  children,
}: {
  /** The theme spacing above the loading, failure and empty states. */
  marginTop?: number;
  emptyTestId?: string;
  children: (devices: ConnectedDevice[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const devices = useConnectedDevices();
  const sx = marginTop === undefined ? undefined : { mt: marginTop };
  return devices.isPending ? (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ...sx }} role="status">
      <CircularProgress size={20} />
      <span>{t('devices:household.loading')}</span>
    </Stack>
  ) : devices.isError ? (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void devices.refetch()}>
          {t('errors.tryAgain')}
        </Button>
      }
    >
      {t('devices:household.loadFailed')}
    </Alert>
  ) : devices.data.items.length === 0 ? (
    <Alert severity="info" sx={sx} data-testid={emptyTestId}>
      {t('devices:household.empty')}
    </Alert>
  ) : (
    children(devices.data.items)
  );
}
