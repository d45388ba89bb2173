import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import {
  PERIOD_REPORT_KINDS,
  REPORT_FORMATS,
  REPORT_KINDS,
  zReportQuery,
  type ReportFormat,
  type ReportKind,
} from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { downloadReport } from './download-report';

/** What the form starts with: the address's `kind`, `format`, `from` and `to` (the e-mail's link). */
export interface ReportChoice {
  kind: ReportKind;
  format: ReportFormat;
  from: string;
  to: string;
}

export function initialReportChoice(search: string): ReportChoice {
  const params = new URLSearchParams(search);
  const kind = params.get('kind') as ReportKind | null;
  const format = params.get('format') as ReportFormat | null;
  return {
    kind: kind && REPORT_KINDS.includes(kind) ? kind : 'device-alarms',
    format: format && REPORT_FORMATS.includes(format) ? format : 'xlsx',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** Pick a report, its period (where it has one) and a format, then download it. */
export function ReportDownloadForm({ initial }: { initial: ReportChoice }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [choice, setChoice] = useState(initial);
  const [periodError, setPeriodError] = useState<string | undefined>();
  const [downloading, setDownloading] = useState(false);
  const hasPeriod = PERIOD_REPORT_KINDS.includes(choice.kind);
  const change = (values: Partial<ReportChoice>) => {
    setChoice((current) => ({ ...current, ...values }));
    setPeriodError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const period = hasPeriod ? { from: choice.from || undefined, to: choice.to || undefined } : {};
    const checked = zReportQuery.safeParse(period);
    if (!checked.success) {
      setPeriodError(translateValidationMessage(t, checked.error.issues[0]!.message, t('reports:to')));
      return;
    }
    setDownloading(true);
    try {
      await downloadReport(choice.kind, choice.format, checked.data);
      notify.success(t('reports:downloaded'));
    } catch (error) {
      notify.error(`${t('reports:downloadFailed')}: ${apiErrorText(t, error)}`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 4 }}>
      <CardContent>
        <form noValidate onSubmit={submit} aria-label={t('reports:title')}>
          <Stack spacing={2}>
            <TextField
              select
              label={t('reports:report')}
              value={choice.kind}
              onChange={(event) => change({ kind: event.target.value as ReportKind })}
              helperText={t(`reports:kindDescriptions.${choice.kind}`)}
              slotProps={{ htmlInput: { 'data-testid': 'report-kind' } }}
            >
              {REPORT_KINDS.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {t(`reports:kinds.${kind}`)}
                </MenuItem>
              ))}
            </TextField>
            {hasPeriod ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  type="date"
                  label={t('reports:from')}
                  value={choice.from}
                  onChange={(event) => change({ from: event.target.value })}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  type="date"
                  label={t('reports:to')}
                  value={choice.to}
                  onChange={(event) => change({ to: event.target.value })}
                  error={Boolean(periodError)}
                  helperText={periodError}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('reports:noPeriod')}
              </Typography>
            )}
            <TextField
              select
              label={t('reports:format')}
              value={choice.format}
              onChange={(event) => change({ format: event.target.value as ReportFormat })}
              slotProps={{ htmlInput: { 'data-testid': 'report-format' } }}
            >
              {REPORT_FORMATS.map((format) => (
                <MenuItem key={format} value={format}>
                  {t(`reports:formats.${format}`)}
                </MenuItem>
              ))}
            </TextField>
            <div>
              <Button type="submit" variant="contained" startIcon={<DownloadIcon />} loading={downloading}>
                {downloading ? t('reports:downloading') : t('reports:download')}
              </Button>
            </div>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
