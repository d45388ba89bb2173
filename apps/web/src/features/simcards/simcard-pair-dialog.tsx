import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SIMCARD_BATCH_MAX_ROWS, type PairSimcardsResult } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { parsePairingLines, usePairSimcards, type PairingLine } from './pair-simcards';
import { SimcardReportTable } from './simcard-report-table';

/**
 * "Pair with watches" (`pairSimcards`): ICCID and IMEI pairs pasted or loaded from a file, sent in
 * one call; the report names each line's outcome and why a line failed.
 */
export function SimcardPairDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const pair = usePairSimcards();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<{ lines: PairingLine[]; result: PairSimcardsResult } | null>(null);

  const send = async () => {
    const lines = parsePairingLines(text);
    if (lines.length === 0) return setError(t('simcards:pair.noRows'));
    if (lines.length > SIMCARD_BATCH_MAX_ROWS) {
      return setError(t('simcards:pair.tooManyRows', { count: SIMCARD_BATCH_MAX_ROWS }));
    }
    setError(null);
    try {
      const result = await pair.mutateAsync({ rows: lines.map(({ iccid, imei }) => ({ iccid, imei })) });
      setReport({ lines, result });
    } catch {
      // The mutation toasted the reason; the text stays for another try.
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="simcard-pair-title">
      <DialogTitle id="simcard-pair-title">{t('simcards:pair.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('simcards:pair.help')}</Typography>
          <TextField
            multiline
            minRows={4}
            maxRows={12}
            label={t('simcards:pair.rows')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'simcard-pair-rows' } }}
          />
          <div>
            <Button variant="outlined" component="label">
              {t('simcards:pair.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                aria-label={t('simcards:pair.chooseFile')}
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  if (file) setText(await file.text());
                }}
              />
            </Button>
          </div>
          {report && (
            <>
              <Alert
                severity={report.result.failed > 0 ? 'warning' : 'success'}
                data-testid="simcard-pair-summary"
              >
                {t('simcards:pair.summary', report.result)}
              </Alert>
              <SimcardReportTable
                headers={[t('simcards:iccid'), t('simcards:pair.imei')]}
                lines={report.result.rows.map((row) => ({
                  line: report.lines[row.row - 1]?.line ?? row.row,
                  cells: [row.iccid, row.imei],
                  outcome: row.outcome,
                  errors: row.errors,
                }))}
                outcomeKeyPrefix="simcards:pair.outcomes"
                testId="simcard-pair-report"
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('simcards:pair.close')}</Button>
        <Button variant="contained" loading={pair.isPending} onClick={send}>
          {t('simcards:pair.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
