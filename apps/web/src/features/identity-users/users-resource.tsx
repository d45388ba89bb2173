import Chip from '@mui/material/Chip';
import {
  USER_SORT_FIELDS,
  zCreateUserForm,
  zUpdateUserRequest,
  type IdentityUser,
} from '@homeward/contracts';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { CrudFormField, SelectOption } from '../../components/crud/crud-form-fields';
import type { CrudResource } from '../../components/crud/crud-resource';
import { yesNoColumn } from '../../components/crud/yes-no-column';
import {
  getUserOrganizationUnits,
  getUserRoles,
  getUsers,
  USERS_QUERY_KEY,
  useAssignableRoles,
} from './get-users';
import { exportUsers } from './export-users';
import { useOrganizationUnits } from '../organization-units/get-organization-units';
import { createUser, deleteUser, updateUser } from './save-user';

/** The user form: the update fields, plus the password on create. */
export type UserForm = z.output<typeof zUpdateUserRequest> & { password?: string };

function useAssignableRoleOptions(): SelectOption[] {
  const { data } = useAssignableRoles();
  return (data?.items ?? []).map((role) => ({ value: role.name, label: role.name }));
}

function useOrganizationUnitOptions(): SelectOption[] {
  const { data } = useOrganizationUnits();
  return (data?.items ?? []).map((unit) => ({ value: unit.id, label: unit.displayName }));
}

function userFields(mode: 'create' | 'edit'): CrudFormField<UserForm>[] {
  return [
    { kind: 'text', name: 'userName', labelKey: 'identity:users.userName' },
    { kind: 'text', name: 'name', labelKey: 'identity:users.name' },
    { kind: 'email', name: 'email', labelKey: 'identity:users.email' },
    { kind: 'text', name: 'phoneNumber', labelKey: 'identity:users.phoneNumber' },
    ...(mode === 'create'
      ? [{ kind: 'password', name: 'password', labelKey: 'identity:users.password' } as const]
      : []),
    { kind: 'switch', name: 'isActive', labelKey: 'identity:users.isActive' },
    { kind: 'switch', name: 'lockoutEnabled', labelKey: 'identity:users.lockoutEnabled' },
    { kind: 'switch', name: 'twoFactorEnabled', labelKey: 'identity:users.twoFactorEnabled' },
    {
      kind: 'multiselect',
      name: 'roleNames',
      labelKey: 'identity:users.roleNames',
      useOptions: useAssignableRoleOptions,
    },
    {
      kind: 'multiselect',
      name: 'organizationUnitIds',
      labelKey: 'identity:users.organizationUnitIds',
      useOptions: useOrganizationUnitOptions,
    },
  ];
}

/** Identity users as a CRUD resource; the page adds lock/unlock and set-password actions. */
export const usersResource: CrudResource<IdentityUser, UserForm> = {
  queryKey: USERS_QUERY_KEY,
  titleKey: 'identity:users.title',
  entityKey: 'identity:users.entity',
  columns: (t) => [
    { field: 'userName', headerName: t('identity:users.userName'), flex: 1, minWidth: 140 },
    { field: 'name', headerName: t('identity:users.name'), flex: 1, minWidth: 140 },
    { field: 'email', headerName: t('identity:users.email'), flex: 1.5, minWidth: 180 },
    {
      field: 'isActive',
      headerName: t('identity:users.status'),
      width: 120,
      renderCell: ({ row }) =>
        row.isLockedOut ? (
          <Chip size="small" color="error" label={t('identity:users.statusLocked')} />
        ) : (
          <Chip
            size="small"
            color={row.isActive ? 'success' : 'default'}
            label={t(row.isActive ? 'identity:users.statusActive' : 'identity:users.statusInactive')}
          />
        ),
    },
    yesNoColumn(t, 'twoFactorEnabled', 'identity:users.twoFactor'),
  ],
  sortFields: USER_SORT_FIELDS,
  getId: (user) => user.id,
  getName: (user) => user.userName,
  fetchList: getUsers,
  exportList: exportUsers,
  permissions: {
    create: 'Homeward.Users.Create',
    update: 'Homeward.Users.Edit',
    delete: 'Homeward.Users.Delete',
  },
  create: (values) => createUser({ ...values, password: values.password ?? '' }),
  update: (id, { password: _password, ...values }) => updateUser(id, values),
  remove: deleteUser,
  form: {
    schema: (mode) =>
      (mode === 'create' ? zCreateUserForm() : zUpdateUserRequest) as z.ZodType<UserForm, FieldValues>,
    fields: userFields,
    defaultValues: () => ({
      userName: '',
      name: '',
      email: '',
      phoneNumber: '',
      password: '',
      isActive: true,
      lockoutEnabled: true,
      twoFactorEnabled: false,
      roleNames: [],
      organizationUnitIds: [],
    }),
    // An update replaces roles and units with exactly what it sends, so both are loaded first.
    toFormValues: async (user) => {
      const [roles, units] = await Promise.all([getUserRoles(user.id), getUserOrganizationUnits(user.id)]);
      return {
        userName: user.userName,
        name: user.name ?? '',
        email: user.email,
        phoneNumber: user.phoneNumber ?? '',
        isActive: user.isActive,
        lockoutEnabled: user.lockoutEnabled,
        twoFactorEnabled: user.twoFactorEnabled,
        roleNames: roles.items.map((role) => role.name),
        organizationUnitIds: units.items.map((unit) => unit.id),
      };
    },
  },
};
