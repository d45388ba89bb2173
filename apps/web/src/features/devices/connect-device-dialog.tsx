import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  installValidationMessages,
  zConnectDeviceRequest,
  type ConnectDeviceRequest,
} from '@homeward/contracts';
import { ApiRequestError } from '../../app/api/api-request-error';
import { CrudFormFieldInput, type CrudFormField } from '../../components/crud/crud-form-fields';
import { apiErrorText } from '../../components/forms/api-error-text';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { useConnectDevice } from './connect-device';

installValidationMessages();

const FIELDS: CrudFormField<ConnectDeviceRequest>[] = [
  { kind: 'text', name: 'imei', labelKey: 'devices:imei', helperKey: 'devices:imeiHelp' },
  {
    kind: 'text',
    name: 'activationCode',
    labelKey: 'devices:activationCode',
    helperKey: 'devices:activationCodeHelp',
  },
  { kind: 'text', name: 'name', labelKey: 'devices:connect.name', helperKey: 'devices:connect.nameHelp' },
];

/**
 * A household owner connects the watch they bought (plug-and-play): IMEI and activation code from
 * its box, and a name of their choice. A wrong code lands on the code field; after five wrong codes
 * the IMEI is throttled, which the dialog says above the fields.
 */
export function ConnectDeviceDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const connect = useConnectDevice();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ConnectDeviceRequest>({
    resolver: zodResolver(zConnectDeviceRequest as never) as Resolver<ConnectDeviceRequest>,
    defaultValues: { imei: '', activationCode: '', name: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await connect.mutateAsync(values);
      onClose();
    } catch (error) {
      const onField = applyServerFieldErrors(
        error,
        FIELDS.map((field) => field.name),
        form.setError,
      );
      // Throttled, or refused for the whole request: said in the dialog as well as the toast.
      if (!onField || (error instanceof ApiRequestError && error.status === 429)) {
        setRefusal(apiErrorText(t, error));
      }
    }
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="connect-device-dialog">
      <DialogTitle>{t('devices:connect.title')}</DialogTitle>
      <form noValidate onSubmit={submit} data-testid="connect-device-form">
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('devices:connect.intro')}</DialogContentText>
            {refusal && (
              <Alert severity="error" role="alert" data-testid="connect-device-refusal">
                {refusal}
              </Alert>
            )}
            {FIELDS.map((field) => (
              <CrudFormFieldInput key={field.name} field={field} control={form.control} />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="connect-device-cancel">
            {t('identity:crud.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={connect.isPending}
            data-testid="connect-device-submit"
          >
            {t('devices:connect.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
