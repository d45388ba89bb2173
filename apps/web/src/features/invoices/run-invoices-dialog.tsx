import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { zInvoiceRunRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../app/api/api-request-error';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useRunInvoices } from './invoice-mutations';

/** Last month, `YYYY-MM`: the month a run is usually made for. */
export function previousMonth(now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * "Run invoices": asks for the month, checks it with the contract's rule, runs, and toasts how many
 * invoices were made and how many customers were invoiced already. A refused month shows under it.
 */
export function RunInvoicesDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const run = useRunInvoices();
  const [month, setMonth] = useState(previousMonth);
  const [fieldError, setFieldError] = useState<string>();
  const label = t('invoices:month');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = zInvoiceRunRequest.safeParse({ month });
    if (!parsed.success) {
      setFieldError(translateValidationMessage(t, parsed.error.issues[0]!.message, label));
      return;
    }
    setFieldError(undefined);
    run.mutate(parsed.data, {
      onSuccess: (result) => {
        notify.success(t('invoices:runDone', result));
        onClose();
      },
      onError: (error) => {
        const field = error instanceof ApiRequestError ? error.body?.error.validationErrors?.[0] : undefined;
        if (field?.field === 'month')
          setFieldError(translateValidationMessage(t, field.message, label, field.params));
        else notify.error(t('invoices:runFailed', { reason: apiErrorText(t, error) }));
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="run-invoices-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="run-invoices-title">{t('invoices:runTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('invoices:runIntro')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={label}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            error={fieldError !== undefined}
            helperText={fieldError ?? t('invoices:monthHelper')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, placeholder: 'YYYY-MM' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('invoices:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={run.isPending}>
            {t('invoices:runSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
