import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { VitalReading, Vitals } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { readingAge, vitalNumber, vitalWithUnit } from './vital-format';

interface Figure {
  key: string;
  label: string;
  value: string | null;
  at: string | null;
}

/**
 * The latest reading of each measure as a figure with its unit and age (blood pressure as
 * systolic/diastolic). Each figure is a labelled group, so it reads as "Heart rate, 72 bpm, 3 min ago".
 */
export function VitalLatestValues({ latest, now }: { latest: Vitals['latest']; now: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const single = (measure: 'heartRate' | 'spo2' | 'temperature', reading: VitalReading | null): Figure => ({
    key: measure,
    label: t(`vitals:measures.${measure}`),
    value: reading && vitalWithUnit(measure, reading.value, language),
    at: reading?.at ?? null,
  });
  const { systolic, diastolic } = latest;
  const pressure = systolic ?? diastolic;
  const figures: Figure[] = [
    single('heartRate', latest.heartRate),
    single('spo2', latest.spo2),
    {
      key: 'bloodPressure',
      label: t('vitals:measures.bloodPressure'),
      value: pressure
        ? `${systolic ? vitalNumber('systolic', systolic.value, language) : '–'}/${
            diastolic ? vitalNumber('diastolic', diastolic.value, language) : '–'
          } mmHg`
        : null,
      at: pressure?.at ?? null,
    },
    single('temperature', latest.temperature),
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        gap: 1.5,
        mb: 2,
      }}
    >
      {figures.map((figure) => (
        <Box
          key={figure.key}
          role="group"
          aria-label={figure.label}
          data-testid={`vital-latest-${figure.key}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <Typography variant="body2" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography variant="h5" component="p">
            {figure.value ?? t('vitals:noReading')}
          </Typography>
          {figure.at && (
            <Typography variant="caption" color="text.secondary">
              {t('vitals:measuredAgo', { age: readingAge(figure.at, now, language) })}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
