import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CitizenRoute } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './route-playback';
import { ROUTE_COLORS } from './route-track-layer';

/** What each colour and shape on the route map means. */
export function RouteLegend() {
  const { t } = useTranslation();
  const entries = [
    { key: 'track', shape: { height: 4, borderRadius: 2, width: 18 } },
    {
      key: 'stop',
      shape: { borderRadius: '50%', border: `3px solid ${ROUTE_COLORS.stop}`, background: '#fff' },
    },
    { key: 'exit', shape: {} },
    { key: 'entry', shape: {} },
    { key: 'replay', shape: { borderRadius: '50%' } },
  ] as const;
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label={t('citizenPage:route.legend.title')}
      sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}
      data-testid="citizen-route-legend"
    >
      {entries.map(({ key, shape }) => (
        <Stack key={key} component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{ width: 14, height: 14, boxSizing: 'border-box', background: ROUTE_COLORS[key], ...shape }}
          />
          <Typography variant="caption">{t(`citizenPage:route.legend.${key}`)}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** One column of the day's events under its heading, or the text saying there were none. */
function RouteEventColumn({
  title,
  empty,
  testId,
  events,
}: {
  title: string;
  empty: string;
  testId: string;
  events: { key: string; primary: string; secondary: string }[];
}) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {events.map((event) => (
            <ListItem key={event.key} divider disableGutters>
              <ListItemText primary={event.primary} secondary={event.secondary} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** The day's stops with their time and duration, and the geofence exits and entries, in order. */
export function RouteEventsList({ route }: { route: CitizenRoute }) {
  const { t, i18n } = useTranslation();
  const clock = (at: string) =>
    new Date(at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const units = { hours: t('citizenPage:route.hoursShort'), minutes: t('citizenPage:route.minutesShort') };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 2 }}>
      <RouteEventColumn
        title={t('citizenPage:route.stops', { count: route.stops.length })}
        empty={t('citizenPage:route.noStops')}
        testId="citizen-route-stops"
        events={route.stops.map((stop) => ({
          key: stop.start,
          primary: t('citizenPage:route.stopTime', { start: clock(stop.start), end: clock(stop.end) }),
          secondary: formatDuration(stop.durationSeconds, units),
        }))}
      />
      <RouteEventColumn
        title={t('citizenPage:route.crossings')}
        empty={t('citizenPage:route.noCrossings')}
        testId="citizen-route-crossings"
        events={route.crossings.map((crossing) => ({
          key: `${crossing.at}-${crossing.geofenceId}`,
          primary: t(`citizenPage:route.${crossing.kind}`, { fence: crossing.geofenceName }),
          secondary: clock(crossing.at),
        }))}
      />
    </Stack>
  );
}
