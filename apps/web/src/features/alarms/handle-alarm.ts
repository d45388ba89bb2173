import { alarmEndpoints, type HandleAlarmRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useAlarmMutation } from './use-alarm-mutation';

/** POST /api/alarms/{id}/handle: the alarm is closed, with an optional note of what was done. */
export function handleAlarm({ id, note }: { id: string; note?: string }): Promise<unknown> {
  const body: HandleAlarmRequest = note?.trim() ? { note: note.trim() } : {};
  return callEndpoint(alarmEndpoints.handle, { params: { id }, body });
}

export function useHandleAlarm() {
  return useAlarmMutation(handleAlarm, 'handle');
}
