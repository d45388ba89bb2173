import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  SIMCARD_FILE_MAX_BYTES,
  SIMCARD_FILE_MAX_ROWS,
  SIMCARD_UPLOAD_COLUMNS,
  type SimcardUploadResult,
} from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { SimcardReportTable } from './simcard-report-table';
import { SimcardUploadStopped, useUploadSimcardFile, type UploadProgress } from './upload-simcards';

/** Lines of a file, counted roughly (line breaks) to refuse a far too long one before sending. */
const lineCountOf = (text: string) => text.split('\n').length - 1;

/**
 * "Upload CSV": sends a file of SIM cards in chunks with a progress bar of the lines done, then
 * shows line by line what happened and why (also the part done when a later chunk failed).
 */
export function SimcardUploadDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const upload = useUploadSimcardFile();
  const [file, setFile] = useState<File | null>(null);
  const [tooManyRows, setTooManyRows] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<SimcardUploadResult | null>(null);
  const [stopped, setStopped] = useState<UploadProgress | null>(null);
  const tooLarge = file !== null && file.size > SIMCARD_FILE_MAX_BYTES;

  const send = async () => {
    if (!file || tooLarge) return;
    const text = await file.text();
    if (lineCountOf(text) > SIMCARD_FILE_MAX_ROWS) {
      setTooManyRows(true);
      return;
    }
    setResult(null);
    setStopped(null);
    try {
      setResult(await upload.mutateAsync({ text, onProgress: setProgress }));
    } catch (error) {
      // The mutation toasted the reason; the lines done before the failure are still reported.
      if (error instanceof SimcardUploadStopped) {
        setResult(error.partial.rows.length > 0 ? error.partial : null);
        setStopped(error.progress);
      }
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="simcard-upload-title">
      <DialogTitle id="simcard-upload-title">{t('simcards:upload.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {t('simcards:upload.help', { columns: SIMCARD_UPLOAD_COLUMNS.join(', ') })}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" component="label" disabled={upload.isPending}>
              {t('simcards:upload.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={t('simcards:upload.chooseFile')}
                data-testid="simcard-upload-file"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setTooManyRows(false);
                  setProgress(null);
                  setResult(null);
                  setStopped(null);
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {file?.name ?? t('simcards:upload.noFile')}
            </Typography>
          </Stack>
          {tooLarge && (
            <Alert severity="error">
              {t('simcards:upload.fileTooLarge', { max: SIMCARD_FILE_MAX_BYTES / 1_000_000 })}
            </Alert>
          )}
          {tooManyRows && (
            <Alert severity="error">
              {t('simcards:upload.fileTooManyRows', { count: SIMCARD_FILE_MAX_ROWS })}
            </Alert>
          )}
          {progress && (
            <Box>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={t('simcards:upload.progressLabel')}
                data-testid="simcard-upload-progress"
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('simcards:upload.progress', { ...progress })}
              </Typography>
            </Box>
          )}
          {stopped && (
            <Alert severity="error" data-testid="simcard-upload-stopped">
              {t('simcards:upload.stopped', { ...stopped })}
            </Alert>
          )}
          {result && <UploadReport result={result} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          {t('simcards:upload.close')}
        </Button>
        <Button variant="contained" disabled={!file || tooLarge} loading={upload.isPending} onClick={send}>
          {t('simcards:upload.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function UploadReport({ result }: { result: SimcardUploadResult }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity={result.failed > 0 ? 'warning' : 'success'} data-testid="simcard-upload-summary">
        {t('simcards:upload.summary', result)}
      </Alert>
      <SimcardReportTable
        headers={[t('simcards:iccid')]}
        lines={result.rows.map((row) => ({ ...row, cells: [row.iccid] }))}
        outcomeKeyPrefix="simcards:upload.outcomes"
        testId="simcard-upload-rows"
      />
    </>
  );
}
