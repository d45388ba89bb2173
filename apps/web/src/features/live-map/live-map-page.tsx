import { useCallback, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { LiveMapCitizen } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { MapView } from '../../components/map/map-view';
import { ScreenTitle } from '../../components/screen-title';
import { LiveMapCitizenCard } from './live-map-citizen-card';
import { LiveMapCitizenList } from './live-map-citizen-list';
import { LiveMapLayer } from './live-map-layer';
import { LiveMapLegend } from './live-map-legend';
import { isLocated, LIVE_MAP_STATUS_COLORS, LIVE_MAP_STATUSES, liveMapStatusOf } from './live-map-status';
import { useLiveMapStore, useThrottledTick } from './use-live-map-store';

/** How many citizens have each status, and how many have no position to show. */
function countsOf(citizens: readonly LiveMapCitizen[]) {
  const counts = { alarm: 0, outsideGeofence: 0, offline: 0, online: 0, noPosition: 0 };
  for (const citizen of citizens) {
    if (isLocated(citizen)) counts[liveMapStatusOf(citizen)] += 1;
    else counts.noPosition += 1;
  }
  return counts;
}

/**
 * /map: every citizen the user may see at their watch's last position, coloured by status and
 * clustered when there are many, kept live by the realtime channel; a list beside it (the keyboard's
 * and screen reader's way in) and the card of the citizen clicked, who can be followed.
 */
export function LiveMapPage() {
  const { t } = useTranslation();
  const { query, store } = useLiveMapStore();
  const tick = useThrottledTick(store);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [follow, setFollow] = useState(false);
  // Read again on every tick: the store changes in place between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const citizens = useMemo(() => [...store.all()], [store, tick.version]);
  const counts = useMemo(() => countsOf(citizens), [citizens]);
  const selected = selectedId ? store.get(selectedId) : undefined;
  // Another citizen chosen: the map stops following the one before.
  const select = useCallback(
    (citizenId: string) => {
      if (citizenId !== selectedId) setFollow(false);
      setSelectedId(citizenId);
    },
    [selectedId],
  );

  let content;
  if (query.isPending) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="live-map-loading">
        <CircularProgress size={24} aria-hidden />
        <span>{t('liveMap:loading')}</span>
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('liveMap:retry')}
          </Button>
        }
      >
        {t('liveMap:failed')}
      </Alert>
    );
  } else if (query.data.items.length === 0) {
    content = <Alert severity="info">{t('liveMap:empty')}</Alert>;
  } else {
    content = (
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            component="ul"
            aria-label={t('liveMap:summary.label')}
            sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
            data-testid="live-map-summary"
          >
            {LIVE_MAP_STATUSES.map((status) => (
              <li key={status}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={`${t(`liveMap:statuses.${status}`)}: ${counts[status]}`}
                  icon={
                    <Box
                      aria-hidden
                      sx={{
                        width: 10,
                        height: 10,
                        borderRadius: '50%',
                        bgcolor: LIVE_MAP_STATUS_COLORS[status],
                      }}
                    />
                  }
                />
              </li>
            ))}
            {counts.noPosition > 0 && (
              <li>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('liveMap:summary.noPosition', { count: counts.noPosition })}
                />
              </li>
            )}
          </Stack>
          <MapView height="clamp(320px, 62vh, 760px)" testId="live-map">
            <LiveMapLayer store={store} selectedId={selectedId} follow={follow} onSelect={select} />
          </MapView>
          <LiveMapLegend />
        </Stack>
        <Stack spacing={2} sx={{ width: { md: 360 }, flexShrink: 0 }}>
          {selected && (
            <LiveMapCitizenCard
              citizen={selected}
              follow={follow}
              onFollowChange={setFollow}
              onClose={() => {
                setSelectedId(null);
                setFollow(false);
              }}
              now={tick.now}
            />
          )}
          <LiveMapCitizenList citizens={citizens} selectedId={selectedId} onSelect={select} now={tick.now} />
        </Stack>
      </Stack>
    );
  }

  return (
    <>
      <ScreenTitle>{t('routes.liveMap')}</ScreenTitle>
      {content}
    </>
  );
}
