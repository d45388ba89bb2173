import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  simcardEndpoints,
  SIMCARD_UPLOAD_CHUNK_ROWS,
  type SimcardUploadRequest,
  type SimcardUploadResult,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { SIMCARDS_QUERY_KEY } from './get-simcards';
import { splitCsvIntoChunks } from './simcard-csv-chunks';

/** How far an upload has come, in data lines of the file. */
export interface UploadProgress {
  done: number;
  total: number;
}

/** An upload that stopped part-way: what the chunks before it reported, and why it stopped. */
export class SimcardUploadStopped extends Error {
  constructor(
    readonly partial: SimcardUploadResult,
    readonly progress: UploadProgress,
    override readonly cause: unknown,
  ) {
    super('upload stopped');
  }
}

/** POST /api/simcards/upload: one chunk of the file; answers each line's fate. */
export function uploadSimcardChunk(body: SimcardUploadRequest): Promise<SimcardUploadResult> {
  return callEndpoint(simcardEndpoints.upload, { body });
}

const EMPTY: SimcardUploadResult = { created: 0, updated: 0, unchanged: 0, failed: 0, rows: [] };

function merge(total: SimcardUploadResult, part: SimcardUploadResult): SimcardUploadResult {
  return {
    created: total.created + part.created,
    updated: total.updated + part.updated,
    unchanged: total.unchanged + part.unchanged,
    failed: total.failed + part.failed,
    rows: [...total.rows, ...part.rows],
  };
}

/**
 * Uploads a CSV file in chunks of SIMCARD_UPLOAD_CHUNK_ROWS lines, one request after the other, and
 * tells `onProgress` after each: the bar shows the lines the server has finished, not bytes sent.
 */
export async function uploadSimcardFile(
  text: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<SimcardUploadResult> {
  const { chunks, rows } = splitCsvIntoChunks(text, SIMCARD_UPLOAD_CHUNK_ROWS);
  let result = EMPTY;
  let done = 0;
  onProgress({ done, total: rows });
  for (const chunk of chunks) {
    try {
      result = merge(result, await uploadSimcardChunk({ csv: chunk.csv, lineOffset: chunk.lineOffset }));
    } catch (error) {
      throw new SimcardUploadStopped(result, { done, total: rows }, error);
    }
    done += chunk.rows;
    onProgress({ done, total: rows });
  }
  return result;
}

export function useUploadSimcardFile() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, onProgress }: { text: string; onProgress: (progress: UploadProgress) => void }) =>
      uploadSimcardFile(text, onProgress),
    onSuccess: (result) => {
      const text = t('simcards:upload.summary', result);
      if (result.failed > 0) notify.notify(text, 'warning');
      else notify.success(text);
    },
    onError: (error) => {
      const cause = error instanceof SimcardUploadStopped ? error.cause : error;
      notify.error(`${t('simcards:upload.failed')}: ${apiErrorText(t, cause)}`);
    },
    // Whatever part was saved shows in the list, also when a later chunk failed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SIMCARDS_QUERY_KEY }),
  });
}
