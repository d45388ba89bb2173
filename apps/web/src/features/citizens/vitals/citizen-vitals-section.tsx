import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import TuneIcon from '@mui/icons-material/Tune';
import { NO_VITAL_THRESHOLDS, VITAL_MEASURES, VITAL_PERIODS, type VitalPeriod } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useVitalThresholds } from './get-vital-thresholds';
import { useVitals } from './get-vitals';
import { useLiveVitals } from './use-live-vitals';
import { VitalCharts } from './vital-charts';
import { thresholdsText } from './vital-format';
import { VitalLatestValues } from './vital-latest-values';
import { VitalThresholdsDialog } from './vital-thresholds-dialog';

/**
 * The citizen's vitals (issue 21): the latest heart rate, SpO2, blood pressure and temperature
 * with their age, the chosen period's readings as charts, and the alarm limits, which those who
 * may edit the citizen change in a dialog. New readings show while the page is open.
 */
export function CitizenVitalsSection({
  citizenId,
  deviceIds,
  canEdit,
}: {
  citizenId: string;
  /** The citizen's watches: their reports bring new readings, which the section then fetches. */
  deviceIds: readonly string[];
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  useLiveVitals(citizenId, deviceIds);
  const [period, setPeriod] = useState<VitalPeriod>('day');
  const [editing, setEditing] = useState(false);
  const vitals = useVitals(citizenId, period);
  const thresholds = useVitalThresholds(citizenId);
  const limits = thresholds.data ?? NO_VITAL_THRESHOLDS;
  const limitsText = thresholds.data ? thresholdsText(t, thresholds.data, i18n.language) : null;
  const titleId = `citizen-vitals-title-${citizenId}`;
  const hasAnyReading =
    vitals.data !== undefined && VITAL_MEASURES.some((measure) => vitals.data.latest[measure] !== null);

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} data-testid="citizen-vitals">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1, mb: 1 }}
        >
          <Typography variant="h6" component="h2" id={titleId}>
            {t('vitals:title')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {canEdit && (
              <Button
                size="small"
                startIcon={<TuneIcon />}
                onClick={() => setEditing(true)}
                disabled={!thresholds.isSuccess}
              >
                {t('vitals:thresholds.edit')}
              </Button>
            )}
            {hasAnyReading && (
              <ToggleButtonGroup
                size="small"
                exclusive
                value={period}
                onChange={(_event, next: VitalPeriod | null) => next && setPeriod(next)}
                aria-label={t('vitals:period')}
              >
                {VITAL_PERIODS.map((name) => (
                  <ToggleButton key={name} value={name}>
                    {t(`vitals:periods.${name}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            )}
          </Stack>
        </Stack>
        {thresholds.isSuccess && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="vital-limits">
            {limitsText
              ? t('vitals:thresholds.current', { limits: limitsText })
              : t('vitals:thresholds.none')}
          </Typography>
        )}
        {vitals.isPending ? (
          <Skeleton variant="rectangular" height={220} role="progressbar" aria-label={t('vitals:loading')} />
        ) : vitals.isError ? (
          <Alert severity="error">{t('vitals:loadFailed')}</Alert>
        ) : !hasAnyReading ? (
          <EmptyState title={t('vitals:empty')} description={t('vitals:emptyDescription')} />
        ) : (
          <>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('vitals:latest')}
            </Typography>
            <VitalLatestValues latest={vitals.data.latest} now={vitals.dataUpdatedAt} />
            <VitalCharts vitals={vitals.data} />
          </>
        )}
      </CardContent>
      {editing && (
        <VitalThresholdsDialog citizenId={citizenId} limits={limits} onClose={() => setEditing(false)} />
      )}
    </Card>
  );
}
