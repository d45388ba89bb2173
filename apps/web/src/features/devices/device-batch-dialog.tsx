import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEVICE_BATCH_COLUMNS, type DeviceBatchResult } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useUploadDeviceBatch } from './upload-device-batch';

const MAX_FILE_BYTES = 2_000_000;

/** "Upload CSV": registers a file of watches and shows, line by line, what happened and why. */
export function DeviceBatchDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const upload = useUploadDeviceBatch();
  const [file, setFile] = useState<File | null>(null);
  const [acceptPrefix, setAcceptPrefix] = useState(false);
  const [result, setResult] = useState<DeviceBatchResult | null>(null);
  const tooLarge = file !== null && file.size > MAX_FILE_BYTES;

  const send = async () => {
    if (!file || tooLarge) return;
    try {
      setResult(
        await upload.mutateAsync({ csv: await file.text(), acceptStellaIdPrefixMismatch: acceptPrefix }),
      );
    } catch {
      // The mutation toasted the reason (a refused file names its column); the dialog stays.
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="device-batch-dialog">
      <DialogTitle>{t('devices:batch.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {t('devices:batch.help', { columns: DEVICE_BATCH_COLUMNS.join(', ') })}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" component="label">
              {t('devices:batch.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                data-testid="device-batch-file"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setResult(null);
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {file?.name ?? t('devices:batch.noFile')}
            </Typography>
          </Stack>
          {tooLarge && <Alert severity="error">{t('devices:batch.fileTooLarge')}</Alert>}
          <FormControlLabel
            control={
              <Checkbox checked={acceptPrefix} onChange={(event) => setAcceptPrefix(event.target.checked)} />
            }
            label={t('devices:batch.acceptPrefix')}
          />
          {result && <BatchReport result={result} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="device-batch-close">
          {t('devices:batch.close')}
        </Button>
        <Button
          variant="contained"
          disabled={!file || tooLarge}
          loading={upload.isPending}
          onClick={send}
          data-testid="device-batch-upload"
        >
          {t('devices:batch.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function BatchReport({ result }: { result: DeviceBatchResult }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity={result.refused > 0 ? 'warning' : 'success'} data-testid="device-batch-summary">
        {t('devices:batch.uploaded', result)}
      </Alert>
      <Table size="small" data-testid="device-batch-rows">
        <TableHead>
          <TableRow>
            <TableCell>{t('devices:batch.line')}</TableCell>
            <TableCell>{t('devices:imei')}</TableCell>
            <TableCell>{t('devices:batch.outcome')}</TableCell>
            <TableCell>{t('devices:batch.reasons')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {result.rows.map((row) => (
            <TableRow key={row.line} data-testid={`device-batch-row-${row.line}`}>
              <TableCell>{row.line}</TableCell>
              <TableCell>{row.imei}</TableCell>
              <TableCell>{t(`devices:batch.outcomes.${row.outcome}`)}</TableCell>
              <TableCell>
                {row.errors
                  .map(
                    (error) =>
                      `${error.field}: ${translateValidationMessage(t, error.message, error.field, error.params)}`,
                  )
                  .join('; ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
