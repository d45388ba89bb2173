import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  simcardEndpoints,
  type DeactivateSimcardsRequest,
  type DeactivateSimcardsResult,
  type Simcard,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { SIMCARDS_QUERY_KEY } from './get-simcards';

/** POST /api/simcards/:id/deactivate: the SIM is deactivated and unpaired from its watch. */
export function deactivateSimcard(id: string): Promise<Simcard> {
  return callEndpoint(simcardEndpoints.deactivate, { params: { id } });
}

/** POST /api/simcards/deactivate: many SIMs by id or ICCID, with a report per SIM. */
export function deactivateSimcards(body: DeactivateSimcardsRequest): Promise<DeactivateSimcardsResult> {
  return callEndpoint(simcardEndpoints.deactivateMany, { body });
}

export function useDeactivateSimcard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateSimcard,
    onSuccess: async () => {
      notify.success(t('simcards:deactivate.done'));
      await queryClient.invalidateQueries({ queryKey: SIMCARDS_QUERY_KEY });
    },
    onError: (error) => notify.error(`${t('simcards:deactivate.failed')}: ${apiErrorText(t, error)}`),
  });
}

export function useDeactivateSimcards() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateSimcards,
    onSuccess: async (result) => {
      const text = t('simcards:deactivate.doneMany', result);
      if (result.failed > 0) notify.notify(text, 'warning');
      else notify.success(text);
      await queryClient.invalidateQueries({ queryKey: SIMCARDS_QUERY_KEY });
    },
    onError: (error) => notify.error(`${t('simcards:deactivate.failed')}: ${apiErrorText(t, error)}`),
  });
}
