import { useState } from 'react';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PasswordIcon from '@mui/icons-material/Password';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import BadgeIcon from '@mui/icons-material/Badge';
import { FEATURE_NAMES, type IdentityUser } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { useFeatures } from '../../app/routing/use-features';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { NationalIdUserDialog } from '../national-login/national-id-user-dialog';
import { PermissionGrantDialog } from '../roles/permission-grant-dialog';
import { useLockUser } from './lock-user';
import { LockUserDialog } from './lock-user-dialog';
import { SetPasswordDialog } from './set-password-dialog';
import { usersResource, type UserForm } from './users-resource';

/**
 * /identity-management/users: users with roles, two-factor, lock/unlock and password reset; in a
 * tenant with national login, also national-ID users (bound to a national identity).
 */
export function UserListPage() {
  const [locking, setLocking] = useState<IdentityUser | null>(null);
  const [settingPassword, setSettingPassword] = useState<IdentityUser | null>(null);
  const [granting, setGranting] = useState<IdentityUser | null>(null);
  const [creatingNationalId, setCreatingNationalId] = useState(false);
  const lock = useLockUser();
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const features = useFeatures();
  const resource: CrudResource<IdentityUser, UserForm> = {
    ...usersResource,
    rowActions: [
      {
        id: 'user-lock',
        labelKey: 'identity:users.lock',
        icon: <LockIcon fontSize="small" />,
        permission: 'Homeward.Users.Lock',
        isVisible: (user) => !user.isLockedOut,
        onClick: setLocking,
      },
      {
        id: 'user-unlock',
        labelKey: 'identity:users.unlock',
        icon: <LockOpenIcon fontSize="small" />,
        permission: 'Homeward.Users.Lock',
        isVisible: (user) => user.isLockedOut,
        onClick: (user) => lock.mutate({ id: user.id, lock: false }),
      },
      {
        id: 'user-permissions',
        labelKey: 'identity:roles.permissions',
        icon: <VpnKeyIcon fontSize="small" />,
        permission: 'Homeward.Users.ManagePermissions',
        onClick: setGranting,
      },
      {
        id: 'user-set-password',
        labelKey: 'identity:users.setPassword',
        icon: <PasswordIcon fontSize="small" />,
        permission: 'Homeward.Users.Edit',
        onClick: setSettingPassword,
      },
    ],
  };
  const nationalLogin = features[FEATURE_NAMES.nationalLogin] === true && policies['Homeward.Users.Create'];
  return (
    <CrudListPage
      resource={resource}
      filters={
        nationalLogin && (
          <Box sx={{ mb: 1 }}>
            <Button startIcon={<BadgeIcon />} onClick={() => setCreatingNationalId(true)}>
              {t('identity:nationalLogin.newUser')}
            </Button>
          </Box>
        )
      }
    >
      {creatingNationalId && <NationalIdUserDialog onClose={() => setCreatingNationalId(false)} />}
      {locking && <LockUserDialog user={locking} onClose={() => setLocking(null)} />}
      {settingPassword && (
        <SetPasswordDialog user={settingPassword} onClose={() => setSettingPassword(null)} />
      )}
      {granting && (
        <PermissionGrantDialog
          query={{ providerName: 'U', providerKey: granting.id }}
          name={granting.userName}
          onClose={() => setGranting(null)}
        />
      )}
    </CrudListPage>
  );
}
