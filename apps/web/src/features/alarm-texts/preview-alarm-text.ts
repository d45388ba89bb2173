import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { alarmTextEndpoints, type AlarmTextPreview, type PreviewAlarmTextRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';

/** POST /api/alarm-texts/preview: the text rendered with a sample alarm. */
export function previewAlarmText(request: PreviewAlarmTextRequest): Promise<AlarmTextPreview> {
  return callEndpoint(alarmTextEndpoints.preview, { body: request });
}

export function alarmTextPreviewQueryOptions(request: PreviewAlarmTextRequest) {
  return queryOptions({
    queryKey: ['alarm-text-preview', request],
    queryFn: () => previewAlarmText(request),
  });
}

/**
 * The preview of the text being edited, asked for once typing pauses; the last preview stays on
 * screen while the next one loads. Nothing is asked while subject or body is empty.
 */
export function useAlarmTextPreview(request: PreviewAlarmTextRequest) {
  const debounced = useDebouncedValue(request, 400);
  return useQuery({
    ...alarmTextPreviewQueryOptions(debounced),
    enabled: debounced.subject.trim() !== '' && debounced.body.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
