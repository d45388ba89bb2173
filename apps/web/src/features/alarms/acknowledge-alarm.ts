import { alarmEndpoints } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useAlarmMutation } from './use-alarm-mutation';

/** POST /api/alarms/{id}/acknowledge: someone is on it (open → acknowledged). */
export function acknowledgeAlarm(id: string): Promise<unknown> {
  return callEndpoint(alarmEndpoints.acknowledge, { params: { id } });
}

export function useAcknowledgeAlarm() {
  return useAlarmMutation(acknowledgeAlarm, 'acknowledge');
}
