import {
  ORGANIZATION_UNIT_ROLE_SORT_FIELDS,
  type OrganizationUnit,
  type OrganizationUnitRole,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useAllRoles } from '../roles/get-roles';
import { AddToUnitDialog, type CandidateList } from './add-to-unit-dialog';
import { ORGANIZATION_UNITS_QUERY_KEY } from './get-organization-units';
import {
  addOrganizationUnitRoles,
  getOrganizationUnitRoles,
  removeOrganizationUnitRole,
} from './organization-unit-roles';
import { UnitAssignmentTab } from './unit-assignment-tab';
import { useUnitAssignmentMutations } from './use-organization-unit-mutation';

/** Every role of the tenant whose name contains the search; a tenant has few roles. */
function useRoleCandidates(search: string): CandidateList {
  const roles = useAllRoles();
  const needle = search.trim().toLocaleLowerCase();
  return {
    options: (roles.data?.items ?? [])
      .filter((role) => role.name.toLocaleLowerCase().includes(needle))
      .map((role) => ({ value: role.id, label: role.name })),
    isLoading: roles.isPending,
    isError: roles.isError,
  };
}

export function OrganizationUnitRolesTab({
  unit,
  canManage,
}: {
  unit: OrganizationUnit;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const { add, remove } = useUnitAssignmentMutations(
    (roleIds: string[]) => addOrganizationUnitRoles(unit.id, { roleIds }),
    (roleId: string) => removeOrganizationUnitRole(unit.id, roleId),
  );
  return (
    <UnitAssignmentTab<OrganizationUnitRole>
      kind="role"
      titleKey="identity:organizationUnits.roles"
      entityKey="identity:roles.entity"
      queryKey={[...ORGANIZATION_UNITS_QUERY_KEY, 'roles', unit.id]}
      fetchPage={(request) => getOrganizationUnitRoles(unit.id, request)}
      columns={[{ field: 'name', headerName: t('identity:roles.name'), flex: 1 }]}
      sortFields={ORGANIZATION_UNIT_ROLE_SORT_FIELDS}
      getId={(role) => role.id}
      getName={(role) => role.name}
      canManage={canManage}
      addLabelKey="identity:organizationUnits.addRoles"
      onRemove={(role) => remove.mutate(role.id)}
      renderAddDialog={(close) => (
        <AddToUnitDialog
          testId="ou-add-roles-dialog"
          title={t('identity:organizationUnits.addRoles')}
          useCandidates={useRoleCandidates}
          onAdd={(ids) => add.mutateAsync(ids)}
          onClose={close}
        />
      )}
    />
  );
}
