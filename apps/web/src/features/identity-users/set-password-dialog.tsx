import { zSetUserPasswordForm, type IdentityUser } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import { useSetUserPassword } from './set-user-password';

const schema = zSetUserPasswordForm();
const VALUES = { newPassword: '' };

/** Sets a new password for a user; the policy's rules show as field errors. */
export function SetPasswordDialog({ user, onClose }: { user: IdentityUser; onClose(): void }) {
  const { t } = useTranslation();
  const save = useSetUserPassword(user.id);
  return (
    <CrudFormDialog
      open
      title={t('identity:users.setPasswordTitle', { userName: user.userName })}
      schema={schema}
      fields={[{ kind: 'password', name: 'newPassword', labelKey: 'identity:users.newPassword' }]}
      values={VALUES}
      onSubmit={(values) => save.mutateAsync(values)}
      onClose={onClose}
    />
  );
}
