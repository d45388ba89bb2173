import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { VITAL_UNITS, type VitalMeasure, type Vitals } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { vitalNumber } from './vital-format';

/** The charts: one a quantity, blood pressure's two measures on one chart. */
const GROUPS: { key: string; measures: VitalMeasure[]; unit: string }[] = [
  { key: 'heartRate', measures: ['heartRate'], unit: VITAL_UNITS.heartRate },
  { key: 'spo2', measures: ['spo2'], unit: VITAL_UNITS.spo2 },
  { key: 'bloodPressure', measures: ['systolic', 'diastolic'], unit: 'mmHg' },
  { key: 'temperature', measures: ['temperature'], unit: VITAL_UNITS.temperature },
];

/**
 * The period's readings, a line chart (MUI X Charts) for each quantity with readings in it, each
 * with a sentence that screen readers read instead of the chart. Nothing when the period is empty.
 */
export function VitalCharts({ vitals }: { vitals: Vitals }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const format =
    vitals.period === 'day'
      ? ({ timeStyle: 'short' } as const)
      : ({ dateStyle: 'short', timeStyle: 'short' } as const);
  const charts = GROUPS.filter((group) =>
    group.measures.some((measure) => vitals.series[measure].length > 0),
  );
  if (charts.length === 0) {
    return (
      <Typography color="text.secondary" role="status">
        {t('vitals:noReadingsInPeriod')}
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      {charts.map((group) => {
        // Blood pressure's measures share their buckets as a rule; where one lacks a value, its line joins over it.
        const times = [
          ...new Set(group.measures.flatMap((measure) => vitals.series[measure].map((point) => point.at))),
        ].sort();
        const label = t(`vitals:measures.${group.key}`);
        const number = (value: number) => vitalNumber(group.measures[0]!, value, language);
        return (
          <Box key={group.key} data-testid={`vital-chart-${group.key}`}>
            <Typography variant="subtitle2" component="h3">
              {label} ({group.unit})
            </Typography>
            <div aria-hidden="true">
              {/* Hidden from assistive technology (the sentence below says it), so not focusable either. */}
              <LineChart
                disableKeyboardNavigation
                height={200}
                xAxis={[
                  {
                    scaleType: 'time',
                    data: times.map((at) => new Date(at)),
                    valueFormatter: (value: Date) => value.toLocaleString(language, format),
                  },
                ]}
                series={group.measures.map((measure) => {
                  const byTime = new Map(vitals.series[measure].map((point) => [point.at, point.value]));
                  return {
                    data: times.map((at) => byTime.get(at) ?? null),
                    label: t(`vitals:measures.${measure}`),
                    showMark: times.length < 30,
                    connectNulls: true,
                    valueFormatter: (value: number | null) =>
                      value === null ? '' : `${number(value)} ${group.unit}`,
                  };
                })}
                hideLegend={group.measures.length === 1}
              />
            </div>
            <Typography variant="caption" color="text.secondary" component="p">
              {group.measures
                .filter((measure) => vitals.series[measure].length > 0)
                .map((measure) => {
                  const values = vitals.series[measure].map((point) => point.value);
                  return t('vitals:chartSummary', {
                    measure: t(`vitals:measures.${measure}`),
                    count: values.length,
                    min: number(Math.min(...values)),
                    max: number(Math.max(...values)),
                    unit: group.unit,
                  });
                })
                .join(' ')}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
