import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/api-fetch';
import { HOUSEHOLD_MEMBERS_QUERY_KEY } from './get-household-members';

/**
 * `PUT /api/account/household-members/:id/receives-alarms`: the member becomes an alarm receiver of
 * every citizen of the household, or of none.
 */
export function setReceivesAlarms({ id, receivesAlarms }: { id: string; receivesAlarms: boolean }) {
  return apiFetch<void>(`/api/account/household-members/${encodeURIComponent(id)}/receives-alarms`, {
    method: 'PUT',
    body: JSON.stringify({ receivesAlarms }),
  });
}

export function useSetReceivesAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReceivesAlarms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY }),
  });
}
