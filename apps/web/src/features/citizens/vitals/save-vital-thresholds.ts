import { citizenEndpoints, type VitalThresholds, type VitalThresholdsRequest } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { useNotify } from '../../../app/notifications/use-notify';
import { apiErrorText } from '../../../components/forms/api-error-text';
import { VITAL_THRESHOLDS_QUERY_KEY } from './get-vital-thresholds';

/** PUT /api/citizens/:id/vital-thresholds: every limit, null for none. */
export function saveVitalThresholds(
  citizenId: string,
  thresholds: VitalThresholdsRequest,
): Promise<VitalThresholds> {
  return callEndpoint(citizenEndpoints.saveVitalThresholds, { params: { id: citizenId }, body: thresholds });
}

/** Saves the limits, tells the user how it went, and reloads the citizen's thresholds. */
export function useSaveVitalThresholds(citizenId: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (thresholds: VitalThresholdsRequest) => saveVitalThresholds(citizenId, thresholds),
    onSuccess: async () => {
      notify.success(t('vitals:thresholds.saved'));
      await queryClient.invalidateQueries({ queryKey: [...VITAL_THRESHOLDS_QUERY_KEY, citizenId] });
    },
    onError: (error) => {
      notify.error(t('vitals:thresholds.saveFailed', { reason: apiErrorText(t, error) }));
    },
  });
}
