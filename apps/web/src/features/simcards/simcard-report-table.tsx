import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ValidationError } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';

/** One reported line: its number in the file, the cells to show, its outcome and why it failed. */
export interface ReportLine {
  line: number;
  cells: string[];
  outcome: string;
  errors: ValidationError[];
}

/** Lines a report shows at most; a larger file's report keeps to its failed lines first. */
const MAX_SHOWN = 1000;
/** From this many lines on, the report starts with the failed ones only. */
const FAILED_ONLY_FROM = 100;

/** Labels of the fields a row error may name. */
const FIELD_LABELS: Record<string, string> = {
  iccid: 'simcards:iccid',
  msisdn: 'simcards:msisdn',
  operator: 'simcards:operator',
  note: 'simcards:note',
  imei: 'simcards:pair.imei',
};

/**
 * The per-line report of an upload or pairing: which lines failed and why, translated. Long
 * reports start with the failed lines only; the check box shows all.
 */
export function SimcardReportTable({
  headers,
  lines,
  outcomeKeyPrefix,
  testId,
}: {
  headers: string[];
  lines: ReportLine[];
  /** `simcards:upload.outcomes` or `simcards:pair.outcomes`. */
  outcomeKeyPrefix: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const anyFailed = lines.some((line) => line.outcome === 'failed');
  const [onlyFailed, setOnlyFailed] = useState(anyFailed && lines.length >= FAILED_ONLY_FROM);
  const chosen = onlyFailed ? lines.filter((line) => line.outcome === 'failed') : lines;
  const shown = chosen.slice(0, MAX_SHOWN);
  const reasonsOf = (errors: ValidationError[]) =>
    errors
      .map((error) => {
        const label = t(FIELD_LABELS[error.field] ?? error.field);
        return `${label}: ${translateValidationMessage(t, error.message, label, error.params)}`;
      })
      .join('; ');
  return (
    <>
      {anyFailed && (
        <FormControlLabel
          control={
            <Checkbox checked={onlyFailed} onChange={(event) => setOnlyFailed(event.target.checked)} />
          }
          label={t('simcards:upload.onlyFailed')}
        />
      )}
      <Table size="small" data-testid={testId} aria-label={t('simcards:upload.reasons')}>
        <TableHead>
          <TableRow>
            {[
              t('simcards:upload.line'),
              ...headers,
              t('simcards:upload.outcome'),
              t('simcards:upload.reasons'),
            ].map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((line) => (
            <TableRow key={line.line} data-testid={`${testId}-${line.line}`} data-outcome={line.outcome}>
              <TableCell>{line.line}</TableCell>
              {line.cells.map((cell, index) => (
                <TableCell key={index} sx={{ wordBreak: 'break-all' }}>
                  {cell}
                </TableCell>
              ))}
              <TableCell>{t(`${outcomeKeyPrefix}.${line.outcome}`)}</TableCell>
              <TableCell>{reasonsOf(line.errors)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {chosen.length > MAX_SHOWN && (
        <Typography variant="body2" color="text.secondary">
          {t('simcards:upload.firstLines', { count: MAX_SHOWN, total: chosen.length })}
        </Typography>
      )}
    </>
  );
}
