import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { simcardEndpoints, type PairSimcardsRequest, type PairSimcardsResult } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { SIMCARDS_QUERY_KEY } from './get-simcards';

/** One pair as typed, with the line of the text it came from (the report names it). */
export interface PairingLine {
  line: number;
  iccid: string;
  imei: string;
}

/**
 * The pairs in pasted text or a file: one a line, ICCID then IMEI, split by a comma, semicolon,
 * tab or spaces. Blank lines and a first line naming the columns are skipped; the server checks
 * each value and reports the row.
 */
export function parsePairingLines(text: string): PairingLine[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((content, index) => ({ content: content.trim(), line: index + 1 }))
    .filter(({ content, line }) => content !== '' && !(line === 1 && /iccid/i.test(content)))
    .map(({ content, line }) => {
      const [iccid = '', imei = ''] = content.split(/\s*[,;\t]\s*|\s{2,}|\s(?=\d{15}$)/);
      return { line, iccid: iccid.replace(/^"|"$/g, ''), imei: imei.replace(/^"|"$/g, '') };
    });
}

/** POST /api/simcards/pair (`pairSimcards`): answers each row's fate. */
export function pairSimcards(body: PairSimcardsRequest): Promise<PairSimcardsResult> {
  return callEndpoint(simcardEndpoints.pair, { body });
}

export function usePairSimcards() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pairSimcards,
    onSuccess: async (result) => {
      const text = t('simcards:pair.summary', result);
      if (result.failed > 0) notify.notify(text, 'warning');
      else notify.success(text);
      await queryClient.invalidateQueries({ queryKey: SIMCARDS_QUERY_KEY });
    },
    onError: (error) => notify.error(`${t('simcards:pair.failed')}: ${apiErrorText(t, error)}`),
  });
}
