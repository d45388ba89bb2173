import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  alarmTextEndpoints,
  type AlarmKind,
  type AlarmText,
  type SaveAlarmTextRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { alarmTextsQueryOptions } from './get-alarm-texts';

/** PUT /api/alarm-texts/:kind/:language */
export function saveAlarmText(
  kind: AlarmKind,
  language: string,
  text: SaveAlarmTextRequest,
): Promise<AlarmText> {
  return callEndpoint(alarmTextEndpoints.save, { params: { kind, language }, body: text });
}

/** DELETE /api/alarm-texts/:kind/:language: the shipped text applies again. */
export function restoreDefaultAlarmText(kind: AlarmKind, language: string): Promise<AlarmText> {
  return callEndpoint(alarmTextEndpoints.restoreDefault, { params: { kind, language } });
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
