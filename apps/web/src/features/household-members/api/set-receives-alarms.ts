import { householdMemberEndpoints } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { HOUSEHOLD_MEMBERS_QUERY_KEY } from './get-household-members';

/**
 * `PUT /api/account/household-members/:id/receives-alarms`: the member becomes an alarm receiver of
 * every citizen of the household, or of none.
 */
export function setReceivesAlarms({ id, receivesAlarms }: { id: string; receivesAlarms: boolean }) {
  return callEndpoint(householdMemberEndpoints.setReceivesAlarms, {
    params: { id },
    body: { receivesAlarms },
  });
}

export function useSetReceivesAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReceivesAlarms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY }),
  });
}
