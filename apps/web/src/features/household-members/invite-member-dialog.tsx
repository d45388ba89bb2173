import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { installValidationMessages, zInviteUserRequest, type InviteUserRequest } from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useInviteUser } from './api/invite-user';

installValidationMessages();

/** A family member is invited to receive the alarms, unless the owner unticks it. */
const EMPTY: InviteUserRequest = { email: '', receivesAlarms: true };

/**
 * The owner's "Invite" dialog: the e-mail address, and whether the person receives the alarms once
 * they activate; the server's field errors land on the field.
 */
export function InviteMemberDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const invite = useInviteUser();
  const { control, handleSubmit, reset, setError } = useForm<InviteUserRequest>({
    resolver: zodResolver(zInviteUserRequest) as unknown as Resolver<InviteUserRequest>,
    defaultValues: EMPTY,
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      notify.success(t('householdMembers:toasts.invited', { email: values.email }));
      close();
    } catch (error) {
      if (!applyServerFieldErrors(error, ['email'], setError))
        notify.error(t('householdMembers:toasts.failed', { reason: apiErrorText(t, error) }));
    }
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="invite-member-title">
      <form noValidate onSubmit={submit} data-testid="invite-member-form">
        <DialogTitle id="invite-member-title">{t('householdMembers:invite.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('householdMembers:invite.description')}</DialogContentText>
          <Controller
            name="email"
            control={control}
            render={({ field, fieldState }) => {
              const label = t('householdMembers:invite.email');
              return (
                <TextField
                  {...field}
                  autoFocus
                  fullWidth
                  type="email"
                  autoComplete="email"
                  label={label}
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error?.message
                      ? translateValidationMessage(t, fieldState.error.message, label)
                      : undefined
                  }
                  slotProps={{ htmlInput: { 'data-testid': 'invite-member-email', maxLength: 256 } }}
                />
              );
            }}
          />
          <Controller
            name="receivesAlarms"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: 1 }}
                label={t('householdMembers:invite.receivesAlarms')}
                control={
                  <Checkbox
                    checked={field.value ?? false}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{
                      // @ts-expect-error data attributes pass through to the input
                      input: { 'data-testid': 'invite-member-receives-alarms' },
                    }}
                  />
                }
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('householdMembers:invite.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={invite.isPending}
            data-testid="invite-member-submit"
          >
            {t('householdMembers:invite.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
