import { zCreateNationalIdUserRequest, type CreateNationalIdUserRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormDialog } from '../../components/crud/crud-form-dialog';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { USERS_QUERY_KEY } from '../identity-users/get-users';
import { createNationalIdUser } from './national-login-api';

const VALUES = zCreateNationalIdUserRequest.parse({
  userName: 'placeholder',
  email: 'placeholder@example.com',
  nationalIdentity: 'x',
});

/**
 * The users screen's "New national ID user": a user who signs in through the tenant's national-ID
 * broker only, bound to the person's identity (kept encrypted; shown masked afterwards).
 */
export function NationalIdUserDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const create = useCrudMutation({
    mutationFn: (values: CreateNationalIdUserRequest) => createNationalIdUser(values),
    queryKey: USERS_QUERY_KEY,
    entityKey: 'identity:nationalLogin.user',
    operation: 'create',
  });
  return (
    <CrudFormDialog
      open
      title={t('identity:nationalLogin.newUser')}
      schema={zCreateNationalIdUserRequest}
      fields={[
        { kind: 'text', name: 'userName', labelKey: 'identity:users.userName' },
        { kind: 'text', name: 'name', labelKey: 'identity:users.name' },
        { kind: 'email', name: 'email', labelKey: 'identity:users.email' },
        {
          kind: 'text',
          name: 'nationalIdentity',
          labelKey: 'identity:nationalLogin.identity',
          helperKey: 'identity:nationalLogin.identityHelp',
        },
      ]}
      values={{ ...VALUES, userName: '', email: '', nationalIdentity: '' }}
      onSubmit={(values) => create.mutateAsync(values)}
      onClose={onClose}
    />
  );
}
