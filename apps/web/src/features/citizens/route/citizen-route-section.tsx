import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Citizen } from '@homeward/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyAppDatePicker } from '../../../components/date-picker/lazy-app-date-picker';
import { DetailSection } from '../detail/detail-section';
import { useCitizenRoute } from './get-citizen-route';
import { formatDuration, localToday } from './route-playback';
import { RouteEventsList, RouteLegend } from './route-events-list';
import { RouteReplay } from './route-replay';
import type { RouteMarkerLabels } from './route-track-layer';

/** The browser's time zone: the day picked is the user's local day. */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Route history: pick a day (today first) and see where the citizen's watches were, replay it
 * with a time slider, and read the stops and the geofence exits and entries.
 */
export function CitizenRouteSection({ citizen }: { citizen: Citizen }) {
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState(localToday);
  const route = useCitizenRoute(citizen.id, day, TIME_ZONE);

  const labels = useMemo<RouteMarkerLabels>(() => {
    const clock = (at: string) =>
      new Date(at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
    const units = { hours: t('citizenPage:route.hoursShort'), minutes: t('citizenPage:route.minutesShort') };
    return {
      stop: (stop) =>
        `${t('citizenPage:route.stopTime', { start: clock(stop.start), end: clock(stop.end) })} (${formatDuration(stop.durationSeconds, units)})`,
      crossing: (crossing) =>
        `${t(`citizenPage:route.${crossing.kind}`, { fence: crossing.geofenceName })}, ${clock(crossing.at)}`,
    };
  }, [t, i18n.language]);

  return (
    <DetailSection
      title={t('citizenPage:route.title')}
      testId="citizen-route"
      action={
        <LazyAppDatePicker
          label={t('citizenPage:route.day')}
          value={dayjs(day)}
          onChange={(value: Dayjs | null) => {
            if (value?.isValid()) setDay(value.format('YYYY-MM-DD'));
          }}
          disableFuture
          slotProps={{ textField: { size: 'small', sx: { maxWidth: 190 } } }}
        />
      }
    >
      {route.isPending && <CircularProgress aria-label={t('citizenPage:route.loading')} />}
      {route.isError && (
        <Alert severity="error" data-testid="citizen-route-error">
          {t('citizenPage:route.failed')}
        </Alert>
      )}
      {route.data && route.data.points.length === 0 && (
        <Typography color="text.secondary" data-testid="citizen-route-empty">
          {t('citizenPage:route.empty')}
        </Typography>
      )}
      {route.data && route.data.points.length > 0 && (
        <>
          <RouteReplay
            key={`${route.data.date}-${route.data.totalPoints}`}
            route={route.data}
            geofences={citizen.geofences}
            labels={labels}
          />
          <RouteLegend />
          {route.data.totalPoints > route.data.points.length && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {t('citizenPage:route.thinned', {
                shown: route.data.points.length,
                total: route.data.totalPoints,
              })}
            </Typography>
          )}
          <RouteEventsList route={route.data} />
        </>
      )}
      {route.data && route.data.noFixCount > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('citizenPage:route.noFix', { count: route.data.noFixCount })}
        </Typography>
      )}
    </DetailSection>
  );
}
