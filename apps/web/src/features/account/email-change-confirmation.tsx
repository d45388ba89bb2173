import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { useConfirmEmailChange } from './api/confirm-email-change';

/** The link's query parameter (the server's `emailChangeLink`). */
export const EMAIL_CHANGE_TOKEN_PARAMETER = 'emailChangeToken';

/**
 * Opening the link sent to a new e-mail address lands here: the token is sent once, the outcome told
 * in a toast, and the token taken off the address (it must not stay in the history).
 */
export function EmailChangeConfirmation() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get(EMAIL_CHANGE_TOKEN_PARAMETER);
  const confirm = useConfirmEmailChange();
  const sent = useRef<string>(undefined);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    confirm.mutate(token, {
      onSuccess: ({ email }) => notify.success(t('profile:emailChange.confirmed', { email })),
      onError: (error) => notify.error(t('profile:emailChange.failed', { reason: apiErrorText(t, error) })),
      onSettled: () =>
        setSearchParams(
          (current) => {
            current.delete(EMAIL_CHANGE_TOKEN_PARAMETER);
            return current;
          },
          { replace: true },
        ),
    });
  }, [token, confirm, notify, t, setSearchParams]);

  if (!confirm.isPending) return null;
  return (
    <Alert
      severity="info"
      icon={<CircularProgress size={20} />}
      sx={{ mb: 2 }}
      data-testid="account-email-change-confirming"
    >
      {t('profile:emailChange.confirming')}
    </Alert>
  );
}
