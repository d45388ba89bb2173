import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { CitizenRoute } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { FitBoundsLayer } from '../../../components/map/fit-bounds-layer';
import { GeofenceLayer } from '../../../components/map/geofence-layer';
import { MapView } from '../../../components/map/map-view';
import { boxOf, nextPlaybackTime, positionAt } from './route-playback';
import { ReplayMarkerLayer, RouteTrackLayer, type RouteMarkerLabels } from './route-track-layer';

/** How often a playing replay moves on. */
const TICK_MILLISECONDS = 100;

type Geofences = Parameters<typeof GeofenceLayer>[0]['geofences'];

/**
 * The day's track on the map with a replay: a time slider (and Play/Pause that moves it) carries a
 * marker along the track, and the moment is said in words beside it.
 */
export function RouteReplay({
  route,
  geofences,
  labels,
}: {
  route: CitizenRoute;
  geofences: Geofences;
  labels: RouteMarkerLabels;
}) {
  const { t, i18n } = useTranslation();
  const times = useMemo(() => route.points.map((point) => Date.parse(point.at)), [route.points]);
  const start = times[0] ?? 0;
  const end = times.at(-1) ?? 0;
  const [time, setTime] = useState(start);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setTime((current) => {
        const next = nextPlaybackTime(current, start, end);
        if (next >= end) setPlaying(false);
        return next;
      });
    }, TICK_MILLISECONDS);
    return () => clearInterval(timer);
  }, [playing, start, end]);

  const position = useMemo(() => positionAt(route.points, times, time), [route.points, times, time]);
  const bounds = useMemo(() => boxOf(route.points), [route.points]);
  const timeText = new Date(time).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const togglePlay = () => {
    if (!playing && time >= end) setTime(start);
    setPlaying(!playing);
  };

  return (
    <Box>
      <MapView height={360} testId="citizen-route-map">
        <GeofenceLayer geofences={geofences} />
        <RouteTrackLayer route={route} labels={labels} />
        <ReplayMarkerLayer position={position} label={t('citizenPage:route.replayAt', { time: timeText })} />
        <FitBoundsLayer bounds={bounds} />
      </MapView>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, px: 1 }}>
        <IconButton
          onClick={togglePlay}
          aria-label={playing ? t('citizenPage:route.pause') : t('citizenPage:route.play')}
          data-testid="citizen-route-play"
          color="primary"
        >
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Slider
          min={start}
          max={Math.max(end, start + 1)}
          step={1000}
          value={time}
          onChange={(_event, value) => {
            setPlaying(false);
            setTime(value as number);
          }}
          valueLabelDisplay="off"
          getAriaValueText={() => timeText}
          aria-label={t('citizenPage:route.slider')}
          data-testid="citizen-route-slider"
          sx={{ flex: 1, minWidth: 0 }}
        />
        <Typography
          variant="body2"
          sx={{ minWidth: 48, fontVariantNumeric: 'tabular-nums' }}
          aria-live="off"
          data-testid="citizen-route-time"
        >
          {timeText}
        </Typography>
      </Stack>
    </Box>
  );
}
