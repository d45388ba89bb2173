import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { installValidationMessages, zSendTestEmailRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useSendTestEmail } from './send-test-email';

// The recipient is checked here first with the contract's schema, so its message is a key.
installValidationMessages();

/** "Send test e-mail": asks for a recipient and queues the e-mail through the outbox. */
export function SendTestEmailButton() {
  const { t } = useTranslation('settings');
  const notify = useNotify();
  const send = useSendTestEmail();
  const ownEmail = useAppConfiguration().currentUser?.email ?? '';
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState(ownEmail);
  const [error, setError] = useState<string>();

  const onSend = () => {
    const parsed = zSendTestEmailRequest.safeParse({ to: to.trim() });
    if (!parsed.success) {
      setError(translateValidationMessage(t, parsed.error.issues[0]!.message, t('recipient')));
      return;
    }
    send.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        notify.success(t('testEmailQueued', { to: parsed.data.to }));
      },
      onError: (failure) => notify.error(t('testEmailFailed', { reason: apiErrorText(t, failure) })),
    });
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={() => {
          setError(undefined);
          setOpen(true);
        }}
        data-testid="settings-send-test-email"
      >
        {t('sendTestEmail')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('sendTestEmail')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="email"
            label={t('recipient')}
            value={to}
            error={!!error}
            helperText={error ?? t('testEmailHint')}
            onChange={(event) => {
              setTo(event.target.value);
              setError(undefined);
            }}
            slotProps={{ htmlInput: { 'data-testid': 'settings-test-email-to' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            onClick={onSend}
            disabled={send.isPending}
            data-testid="settings-test-email-send"
          >
            {t('send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
