import { useQuery } from '@tanstack/react-query';
import {
  ORGANIZATION_UNIT_MEMBER_SORT_FIELDS,
  type OrganizationUnit,
  type OrganizationUnitMember,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { getUsers, USERS_QUERY_KEY } from '../identity-users/get-users';
import { AddToUnitDialog, type CandidateList } from './add-to-unit-dialog';
import { ORGANIZATION_UNITS_QUERY_KEY } from './get-organization-units';
import {
  addOrganizationUnitMembers,
  getOrganizationUnitMembers,
  removeOrganizationUnitMember,
} from './organization-unit-members';
import { UnitAssignmentTab } from './unit-assignment-tab';
import { useUnitAssignmentMutations } from './use-organization-unit-mutation';

/** Users matching the search, from the identity user list (first 20). */
function useUserCandidates(search: string): CandidateList {
  const users = useQuery({
    queryKey: [...USERS_QUERY_KEY, 'candidates', search],
    queryFn: () => getUsers({ skipCount: 0, maxResultCount: 20, ...(search ? { filter: search } : {}) }),
  });
  return {
    options: (users.data?.items ?? []).map((user) => ({ value: user.id, label: user.userName })),
    isLoading: users.isPending,
    isError: users.isError,
  };
}

export function OrganizationUnitMembersTab({
  unit,
  canManage,
}: {
  unit: OrganizationUnit;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const { add, remove } = useUnitAssignmentMutations(
    (userIds: string[]) => addOrganizationUnitMembers(unit.id, { userIds }),
    (userId: string) => removeOrganizationUnitMember(unit.id, userId),
  );
  return (
    <UnitAssignmentTab<OrganizationUnitMember>
      kind="member"
      titleKey="identity:organizationUnits.members"
      entityKey="identity:users.entity"
      queryKey={[...ORGANIZATION_UNITS_QUERY_KEY, 'members', unit.id]}
      fetchPage={(request) => getOrganizationUnitMembers(unit.id, request)}
      columns={[
        { field: 'userName', headerName: t('identity:users.userName'), flex: 1 },
        { field: 'name', headerName: t('identity:users.name'), flex: 1 },
        { field: 'email', headerName: t('identity:users.email'), flex: 1.5 },
      ]}
      sortFields={ORGANIZATION_UNIT_MEMBER_SORT_FIELDS}
      getId={(member) => member.id}
      getName={(member) => member.userName}
      canManage={canManage}
      addLabelKey="identity:organizationUnits.addMembers"
      onRemove={(member) => remove.mutate(member.id)}
      renderAddDialog={(close) => (
        <AddToUnitDialog
          testId="ou-add-members-dialog"
          title={t('identity:organizationUnits.addMembers')}
          useCandidates={useUserCandidates}
          onAdd={(ids) => add.mutateAsync(ids)}
          onClose={close}
        />
      )}
    />
  );
}
