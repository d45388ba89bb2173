import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdministeredDevice, ExchangeDeviceRequest } from '@homeward/contracts';
import { ApiRequestError } from '../../app/api/api-request-error';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { exchangeDevice, useDeviceAdministrationMutation } from './change-administered-device';
import { DeviceActionDialog } from './device-action-dialog';
import { useExchangeCandidates } from './get-administered-devices';

/**
 * Replaces the citizen's watch with one from stock (in stock, ready for sale, free). The server
 * does it in one transaction: on failure nothing has changed, and the toast says so.
 */
export function ExchangeDeviceDialog({ device, onClose }: { device: AdministeredDevice; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [replacementId, setReplacementId] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const candidates = useExchangeCandidates(device.id, '', true);
  const exchange = useDeviceAdministrationMutation((body: ExchangeDeviceRequest) =>
    exchangeDevice(device.id, body),
  );
  const confirm = async (note: string) => {
    setFieldError(null);
    try {
      const result = await exchange.mutateAsync({ replacementDeviceId: replacementId, note });
      notify.success(
        t('deviceAdministration:toasts.exchanged', { old: device.name, new: result.replacement.name }),
      );
      onClose();
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.body?.error.validationErrors?.[0] : undefined;
      if (field) setFieldError(translateValidationMessage(t, field.message, field.field));
      notify.error(t('deviceAdministration:toasts.exchangeFailed', { reason: apiErrorText(t, error) }));
    }
  };
  const items = candidates.data?.items ?? [];
  return (
    <DeviceActionDialog
      titleId="exchange-device-title"
      title={t('deviceAdministration:exchangeTitle', { name: device.name })}
      confirmLabel={t('deviceAdministration:actions.confirmExchange')}
      confirmDisabled={!replacementId || exchange.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Typography sx={{ mb: 2 }}>
        {t('deviceAdministration:exchangeIntro', { citizen: device.citizenName ?? '' })}
      </Typography>
      {candidates.isPending && <CircularProgress aria-label={t('identity:crud.loading')} />}
      {candidates.isError && <Alert severity="error">{t('identity:crud.loadFailed')}</Alert>}
      {candidates.isSuccess && items.length === 0 && (
        <Alert severity="info">{t('deviceAdministration:noCandidates')}</Alert>
      )}
      {items.length > 0 && (
        <TextField
          select
          fullWidth
          label={t('deviceAdministration:fields.replacement')}
          value={replacementId}
          onChange={(event) => setReplacementId(event.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ?? undefined}
        >
          {items.map((candidate) => (
            <MenuItem key={candidate.id} value={candidate.id}>
              {candidate.name} ({candidate.imei})
            </MenuItem>
          ))}
        </TextField>
      )}
    </DeviceActionDialog>
  );
}
