import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../app/auth/use-sign-in-actions';
import { useNotify } from '../../app/notifications/use-notify';
import { ApiRequestError } from '../../app/api/api-request-error';
import { apiErrorText } from '../../components/forms/api-error-text';
import { useAccountTransfer } from './api/account-transfer';
import { useDeleteAccount } from './api/delete-account';

/** The server's field error on `password`, translated, if the failure was one. */
function passwordErrorOf(t: (key: string) => string, error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const field = error.body?.error.validationErrors?.find((each) => each.field === 'password');
  return field ? t(field.message) : undefined;
}

/**
 * Delete account (households): a confirmation dialog asks for the password. Afterwards the person's
 * data is gone and every sign-in ended, so the app signs out and goes home.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const signOut = useSignOut();
  const transfer = useAccountTransfer();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setPassword('');
    setPasswordError(undefined);
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setPasswordError(t('validation.required', { field: t('profile:deletion.password') }));
      return;
    }
    try {
      await remove.mutateAsync({ password });
      notify.success(t('profile:deletion.deleted'));
      setOpen(false);
      // Signed out as the user menu does: the provider (without a session for the deleted account)
      // sends the browser straight back to the home page, anonymous.
      await signOut();
    } catch (error) {
      setPasswordError(passwordErrorOf(t, error));
      notify.error(t('profile:deletion.failed', { reason: apiErrorText(t, error) }));
    }
  };

  return (
    <Card variant="outlined" data-testid="account-delete" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('profile:deletion.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('profile:deletion.intro')}
        </Typography>
        {transfer.data?.isOwner && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="account-delete-owner">
            {t('profile:deletion.ownerIntro')}
          </Alert>
        )}
        <Button
          variant="outlined"
          color="error"
          onClick={() => setOpen(true)}
          data-testid="account-delete-open"
        >
          {t('profile:deletion.button')}
        </Button>
      </CardContent>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="account-delete-title"
        aria-describedby="account-delete-text"
        fullWidth
        maxWidth="xs"
      >
        <form noValidate onSubmit={confirm}>
          <DialogTitle id="account-delete-title">{t('profile:deletion.confirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="account-delete-text" sx={{ mb: 2 }}>
              {t('profile:deletion.confirmText')}
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              required
              type="password"
              autoComplete="current-password"
              label={t('profile:deletion.password')}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(undefined);
              }}
              error={Boolean(passwordError)}
              helperText={passwordError}
              disabled={remove.isPending}
              slotProps={{ htmlInput: { 'data-testid': 'account-delete-password' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={remove.isPending}>
              {t('profile:deletion.cancel')}
            </Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={remove.isPending}
              startIcon={remove.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
              data-testid="account-delete-confirm"
            >
              {t('profile:deletion.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Card>
  );
}
