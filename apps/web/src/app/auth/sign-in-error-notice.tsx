import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../notifications/use-notify';
import { signInErrorKey } from './sign-in-errors';
import { useSignInState } from './sign-in-state';

/**
 * Tells the user about each new sign-in, silent-renew or sign-out error in their language. An
 * anonymous-session answer (login_required and its kin) is not an error: after a silent sign-in the
 * user asked for, it says that there is no session to continue; after a renewal, nothing.
 */
export function SignInErrorNotice() {
  const { error } = useSignInState();
  const { t } = useTranslation('auth');
  const notify = useNotify();

  useEffect(() => {
    if (!error) return;
    const key = signInErrorKey(error);
    if (key) notify.error(t(`errors.${key}`));
    else if (error.source === 'signinSilent') notify.notify(t('noProviderSession'), 'info');
  }, [error, notify, t]);

  return null;
}
