import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../forms/api-error-text';

export type CrudOperation = 'create' | 'update' | 'delete';

interface CrudMutationOptions<TVariables> {
  mutationFn(variables: TVariables): Promise<unknown>;
  /** Invalidated after success, so every list and detail of the resource reloads. */
  queryKey: readonly unknown[];
  /** Namespaced key of the entity noun ("Role"). */
  entityKey: string;
  operation: CrudOperation;
}

/**
 * A create/update/delete call with the screens' common behaviour: invalidate the resource's queries
 * and tell the user how it went ("Role created" / "Role could not be created: reason").
 */
export function useCrudMutation<TVariables>({
  mutationFn,
  queryKey,
  entityKey,
  operation,
}: CrudMutationOptions<TVariables>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      notify.success(t(`identity:crud.${operation}Succeeded`, { entity: t(entityKey) }));
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      notify.error(
        t(`identity:crud.${operation}Failed`, { entity: t(entityKey), reason: apiErrorText(t, error) }),
      );
    },
  });
}
