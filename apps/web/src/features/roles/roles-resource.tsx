import LockIcon from '@mui/icons-material/Lock';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { ROLE_SORT_FIELDS, zCreateRoleRequest, type Role } from '@homeward/contracts';
import type { z } from 'zod';
import type { CrudResource } from '../../components/crud/crud-resource';
import { yesNoColumn } from '../../components/crud/yes-no-column';
import { getRoles, ROLES_QUERY_KEY } from './get-roles';
import { createRole, deleteRole, updateRole } from './save-role';

export type RoleForm = z.output<typeof zCreateRoleRequest>;

/** The roles screen as a CRUD resource; the page adds the permissions action. */
export const rolesResource: CrudResource<Role, RoleForm> = {
  queryKey: ROLES_QUERY_KEY,
  titleKey: 'identity:roles.title',
  entityKey: 'identity:roles.entity',
  columns: (t) => [
    {
      field: 'name',
      headerName: t('identity:roles.name'),
      flex: 2,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <span>{row.name}</span>
          {row.isStatic && (
            <Tooltip title={t('identity:roles.static')}>
              <LockIcon
                fontSize="small"
                color="action"
                aria-label={t('identity:roles.static')}
                data-testid={`role-static-${row.name}`}
              />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    yesNoColumn(t, 'isDefault', 'identity:roles.default'),
    yesNoColumn(t, 'isPublic', 'identity:roles.public'),
    {
      field: 'userCount',
      headerName: t('identity:roles.userCount'),
      type: 'number',
      width: 100,
    },
  ],
  sortFields: ROLE_SORT_FIELDS,
  getId: (role) => role.id,
  getName: (role) => role.name,
  fetchList: getRoles,
  permissions: {
    create: 'Homeward.Roles.Create',
    update: 'Homeward.Roles.Edit',
    delete: 'Homeward.Roles.Delete',
  },
  create: createRole,
  update: updateRole,
  remove: deleteRole,
  canDelete: (role) => !role.isStatic,
  form: {
    schema: () => zCreateRoleRequest,
    fields: (_mode, role) => [
      { kind: 'text', name: 'name', labelKey: 'identity:roles.name', disabled: role?.isStatic },
      { kind: 'switch', name: 'isDefault', labelKey: 'identity:roles.isDefault' },
      { kind: 'switch', name: 'isPublic', labelKey: 'identity:roles.isPublic' },
    ],
    defaultValues: () => ({ name: '', isDefault: false, isPublic: true }),
    toFormValues: (role) => ({ name: role.name, isDefault: role.isDefault, isPublic: role.isPublic }),
  },
};
