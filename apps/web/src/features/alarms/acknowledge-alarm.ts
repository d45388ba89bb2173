import { apiFetch } from '../../app/api/api-fetch';
import { useAlarmMutation } from './use-alarm-mutation';

/** POST /api/alarms/{id}/acknowledge: someone is on it (open → acknowledged). */
export function acknowledgeAlarm(id: string): Promise<unknown> {
  return apiFetch(`/api/alarms/${id}/acknowledge`, { method: 'POST', body: '{}' });
}

export function useAcknowledgeAlarm() {
  return useAlarmMutation(acknowledgeAlarm, 'acknowledge');
}
