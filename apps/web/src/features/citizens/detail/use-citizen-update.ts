import type { Citizen } from '@homeward/contracts';
import { useCrudMutation } from '../../../components/crud/use-crud-mutation';
import { CITIZENS_QUERY_KEY } from '../get-citizens';

/**
 * A detail-page save: toasts "Citizen updated" or the reason, and reloads the citizen, the list and
 * the available watches (all under CITIZENS_QUERY_KEY).
 */
export function useCitizenUpdate<TVariables>(mutationFn: (variables: TVariables) => Promise<Citizen>) {
  return useCrudMutation({
    mutationFn,
    queryKey: CITIZENS_QUERY_KEY,
    entityKey: 'citizens:entity',
    operation: 'update',
  });
}
