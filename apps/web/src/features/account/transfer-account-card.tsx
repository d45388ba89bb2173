import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { useAccountTransfer, useCancelTransfer, useRequestTransfer } from './api/account-transfer';

/**
 * Transfer account (households): the owner chooses an activated member and sends the request; the
 * member accepts from the e-mail's link. A pending transfer shows on both sides: the owner can
 * cancel it, the receiver decline it.
 */
export function TransferAccountCard() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const state = useAccountTransfer();
  const send = useRequestTransfer();
  const cancel = useCancelTransfer();
  const [memberId, setMemberId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const data = state.data;
  // Only the owner, or the receiver of a pending transfer, has anything to do here; until the answer
  // says which, nothing shows (a member would otherwise see a card flash).
  if (state.isLoading || (data && !data.isOwner && !data.pending)) return null;

  const date = (value: string) => new Date(value).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  const candidates = data?.candidates ?? [];
  const chosen = candidates.find((person) => person.id === memberId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setFieldError(t('validation.required', { field: t('profile:transfer.member') }));
      return;
    }
    setFieldError(undefined);
    try {
      await send.mutateAsync(chosen.id);
      setMemberId('');
      notify.success(t('profile:transfer.sent', { name: chosen.name }));
    } catch (error) {
      notify.error(t('profile:transfer.sendFailed', { reason: apiErrorText(t, error) }));
    }
  };

  const withdraw = async () => {
    try {
      await cancel.mutateAsync();
      notify.success(t('profile:transfer.cancelled'));
    } catch (error) {
      notify.error(t('profile:transfer.cancelFailed', { reason: apiErrorText(t, error) }));
    }
  };

  return (
    <Card variant="outlined" data-testid="account-transfer" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('profile:transfer.title')}
        </Typography>
        {state.isError && <Alert severity="error">{apiErrorText(t, state.error)}</Alert>}
        {data?.pending && (
          <Alert
            severity="info"
            data-testid="account-transfer-pending"
            sx={{ mb: 2 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => void withdraw()}
                disabled={cancel.isPending}
                data-testid="account-transfer-cancel"
              >
                {data.pending.forMe ? t('profile:transfer.decline') : t('profile:transfer.cancel')}
              </Button>
            }
          >
            {data.pending.forMe
              ? t('profile:transfer.pendingReceiver', { name: data.pending.from.name })
              : t('profile:transfer.pendingOwner', {
                  name: data.pending.to.name,
                  email: data.pending.to.email,
                  date: date(data.pending.expiresAt),
                })}
          </Alert>
        )}
        {/* One transfer at a time: the owner cancels the pending one before choosing again. */}
        {data?.isOwner && !data.pending && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('profile:transfer.intro')}
            </Typography>
            {candidates.length === 0 ? (
              <Alert severity="info" data-testid="account-transfer-no-members">
                {t('profile:transfer.noMembers')}
              </Alert>
            ) : (
              <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ maxWidth: 480 }}>
                <TextField
                  select
                  required
                  label={t('profile:transfer.member')}
                  value={memberId}
                  onChange={(event) => {
                    setMemberId(event.target.value);
                    setFieldError(undefined);
                  }}
                  error={Boolean(fieldError)}
                  helperText={fieldError}
                  disabled={send.isPending}
                  slotProps={{ htmlInput: { 'data-testid': 'account-transfer-member' } }}
                >
                  {candidates.map((person) => (
                    <MenuItem key={person.id} value={person.id}>
                      {person.name} ({person.email})
                    </MenuItem>
                  ))}
                </TextField>
                <Box>
                  <Button
                    type="submit"
                    variant="contained"
                    disabled={send.isPending}
                    startIcon={send.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
                    data-testid="account-transfer-send"
                  >
                    {t('profile:transfer.send')}
                  </Button>
                </Box>
              </Stack>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
