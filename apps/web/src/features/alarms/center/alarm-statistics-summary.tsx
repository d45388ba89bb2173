import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AlarmTimeStatistics } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../alarm-durations';
import type { AlarmFilters } from '../get-alarms';
import { useAlarmStatistics } from '../get-alarm-statistics';

/**
 * Above the alarm center's list: how many alarms the filters select, how many are still open, and
 * the median and 90th percentile of the times to acknowledge and to handle, from the server.
 */
export function AlarmStatisticsSummary({ filters }: { filters: AlarmFilters }) {
  const { t } = useTranslation();
  const statistics = useAlarmStatistics(filters);
  if (statistics.isError) return <Alert severity="error">{t('alarms:loadFailed')}</Alert>;
  const figures = statistics.data;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('alarms:statistics.title')}
      data-testid="alarm-statistics"
      sx={{ p: 2, mb: 2 }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2, md: 4 }}>
        <Figure label={t('alarms:statistics.count')} value={figures?.count} testId="alarm-statistics-count" />
        <Figure label={t('alarms:statistics.open')} value={figures?.open} testId="alarm-statistics-open" />
        <TimeFigures
          label={t('alarms:timeToAcknowledge')}
          figures={figures?.acknowledged}
          countKey="alarms:statistics.acknowledgedCount"
          testId="alarm-statistics-acknowledge"
        />
        <TimeFigures
          label={t('alarms:timeToHandle')}
          figures={figures?.handled}
          countKey="alarms:statistics.handledCount"
          testId="alarm-statistics-handle"
        />
      </Stack>
      {figures?.count === 0 && (
        <Typography color="text.secondary" sx={{ mt: 2 }} data-testid="alarm-statistics-empty">
          {t('alarms:empty')}
        </Typography>
      )}
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Stack data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value ?? <Skeleton width={40} />}
      </Typography>
    </Stack>
  );
}

function TimeFigures({
  label,
  figures,
  countKey,
  testId,
}: {
  label: string;
  figures: AlarmTimeStatistics | undefined;
  countKey: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const shown = (seconds: number | null | undefined) =>
    seconds === null || seconds === undefined ? '—' : formatDuration(t, seconds, i18n.language);
  return (
    <Stack data-testid={testId} sx={{ minWidth: 220 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
        {figures && ` · ${t(countKey, { count: figures.count })}`}
      </Typography>
      {!figures ? (
        <Skeleton width={160} height={32} />
      ) : figures.count === 0 ? (
        <Typography variant="h6" component="p" color="text.secondary">
          {t('alarms:statistics.none')}
        </Typography>
      ) : (
        <Typography variant="h6" component="p">
          {t('alarms:statistics.median')} {shown(figures.median)} · {t('alarms:statistics.p90')}{' '}
          {shown(figures.p90)}
        </Typography>
      )}
    </Stack>
  );
}
