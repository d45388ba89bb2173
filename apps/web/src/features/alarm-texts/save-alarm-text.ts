import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmKind, AlarmText, SaveAlarmTextRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { ALARM_TEXTS_PATH, alarmTextsQueryOptions } from './get-alarm-texts';

function textPath(kind: AlarmKind, language: string): string {
  return `${ALARM_TEXTS_PATH}/${kind}/${encodeURIComponent(language)}`;
}

/** PUT /api/alarm-texts/:kind/:language */
export function saveAlarmText(
  kind: AlarmKind,
  language: string,
  text: SaveAlarmTextRequest,
): Promise<AlarmText> {
  return apiFetch(textPath(kind, language), { method: 'PUT', body: JSON.stringify(text) });
}

/** DELETE /api/alarm-texts/:kind/:language: the shipped text applies again. */
export function restoreDefaultAlarmText(kind: AlarmKind, language: string): Promise<AlarmText> {
  return apiFetch(textPath(kind, language), { method: 'DELETE' });
}

/** Saving or restoring one kind's text refetches the language's texts. */
function useAlarmTextMutation<TVariables>(
  language: string,
  mutationFn: (variables: TVariables) => Promise<AlarmText>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmTextsQueryOptions(language).queryKey }),
  });
}

export function useSaveAlarmText(kind: AlarmKind, language: string) {
  return useAlarmTextMutation(language, (text: SaveAlarmTextRequest) => saveAlarmText(kind, language, text));
}

export function useRestoreDefaultAlarmText(kind: AlarmKind, language: string) {
  return useAlarmTextMutation(language, () => restoreDefaultAlarmText(kind, language));
}
