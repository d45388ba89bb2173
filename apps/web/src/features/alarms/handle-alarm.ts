import type { HandleAlarmRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { useAlarmMutation } from './use-alarm-mutation';

/** POST /api/alarms/{id}/handle: the alarm is closed, with an optional note of what was done. */
export function handleAlarm({ id, note }: { id: string; note?: string }): Promise<unknown> {
  const body: HandleAlarmRequest = note?.trim() ? { note: note.trim() } : {};
  return apiFetch(`/api/alarms/${id}/handle`, { method: 'POST', body: JSON.stringify(body) });
}

export function useHandleAlarm() {
  return useAlarmMutation(handleAlarm, 'handle');
}
