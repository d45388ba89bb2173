import { useState } from 'react';
import LabelIcon from '@mui/icons-material/Label';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { Role } from '@homeward/contracts';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { PermissionGrantDialog } from './permission-grant-dialog';
import { RoleClaimsDialog } from './role-claims-dialog';
import { rolesResource, type RoleForm } from './roles-resource';

/** /identity-management/roles: roles with create/edit/delete and their permission grants. */
export function RoleListPage() {
  const [granting, setGranting] = useState<Role | null>(null);
  const [editingClaims, setEditingClaims] = useState<Role | null>(null);
  const resource: CrudResource<Role, RoleForm> = {
    ...rolesResource,
    rowActions: [
      {
        id: 'role-permissions',
        labelKey: 'identity:roles.permissions',
        icon: <VpnKeyIcon fontSize="small" />,
        permission: 'Homeward.Roles.ManagePermissions',
        onClick: setGranting,
      },
      {
        id: 'role-claims',
        labelKey: 'identity:roles.claims',
        icon: <LabelIcon fontSize="small" />,
        onClick: setEditingClaims,
      },
    ],
  };
  return (
    <CrudListPage resource={resource}>
      {granting && (
        <PermissionGrantDialog
          query={{ providerName: 'R', providerKey: granting.id }}
          name={granting.name}
          onClose={() => setGranting(null)}
        />
      )}
      {editingClaims && <RoleClaimsDialog role={editingClaims} onClose={() => setEditingClaims(null)} />}
    </CrudListPage>
  );
}
