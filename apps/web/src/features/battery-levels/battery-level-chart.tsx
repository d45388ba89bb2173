import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { BATTERY_LEVEL_PERIODS, type BatteryLevelPeriod, type BatteryLevels } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { batteryLevelSummary } from './battery-level-summary';
import { useBatteryLevels } from './get-battery-levels';

/**
 * A watch's battery over the last day, week or month (MUI X Charts), from its stored reports, with
 * a text summary of the latest and lowest reading that screen readers read instead of the chart.
 */
export function BatteryLevelChart({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<BatteryLevelPeriod>('day');
  const levels = useBatteryLevels(deviceId, period);
  const titleId = `battery-levels-title-${deviceId}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} data-testid="battery-level-chart">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1 }}
        >
          <Typography variant="h6" component="h2" id={titleId}>
            {t('batteryLevels:title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            onChange={(_event, next: BatteryLevelPeriod | null) => next && setPeriod(next)}
            aria-label={t('batteryLevels:period')}
          >
            {BATTERY_LEVEL_PERIODS.map((name) => (
              <ToggleButton key={name} value={name}>
                {t(`batteryLevels:periods.${name}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        {levels.isPending ? (
          <Skeleton
            variant="rectangular"
            height={220}
            role="progressbar"
            aria-label={t('batteryLevels:loading')}
          />
        ) : levels.isError ? (
          <Alert severity="error">{t('batteryLevels:loadFailed')}</Alert>
        ) : (
          <BatteryLevelContent
            levels={levels.data}
            summary={batteryLevelSummary(t, levels.data, i18n.language)}
          />
        )}
      </CardContent>
    </Card>
  );
}

function BatteryLevelContent({ levels, summary }: { levels: BatteryLevels; summary: string }) {
  const { t, i18n } = useTranslation();
  if (levels.points.length === 0) {
    return (
      <Typography color="text.secondary" role="status">
        {summary}
      </Typography>
    );
  }
  const format =
    levels.period === 'day'
      ? ({ timeStyle: 'short' } as const)
      : ({ dateStyle: 'short', timeStyle: 'short' } as const);
  return (
    <>
      <div aria-hidden="true">
        {/* Hidden from assistive technology (the summary says it), so not focusable either. */}
        <LineChart
          disableKeyboardNavigation
          height={240}
          xAxis={[
            {
              scaleType: 'time',
              data: levels.points.map((point) => new Date(point.at)),
              valueFormatter: (value: Date) => value.toLocaleString(i18n.language, format),
            },
          ]}
          yAxis={[{ min: 0, max: 100, label: '%' }]}
          series={[
            {
              data: levels.points.map((point) => point.battery),
              label: t('batteryLevels:battery'),
              showMark: false,
              valueFormatter: (value: number | null) => (value === null ? '' : `${value} %`),
            },
          ]}
        />
      </div>
      <Typography variant="body2" role="status" data-testid="battery-level-summary">
        {summary}
      </Typography>
    </>
  );
}
