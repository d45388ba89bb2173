import 'leaflet/dist/leaflet.css';
import { useCallback, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { MapContainer } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';
import { MapTiles } from './map-tiles';
import type { MapLoadState } from './tile-layer-state';

/** Aarhus, where the demo tenant is; layers usually fit the view to their data at once. */
const DEFAULT_CENTER: [number, number] = [56.1572, 10.2107];

export interface MapViewProps {
  /** Layers (geofences, markers, drawing, fit-bounds): children that add themselves to the map. */
  children?: ReactNode;
  height?: number | string;
  center?: [number, number];
  zoom?: number;
  testId?: string;
  /** Overrides the configured tile URL (tests). */
  tileUrl?: string;
}

/**
 * The app's one map (STYLE "one map component"): Leaflet with the tile server from the client
 * configuration (`MAP_TILE_URL`), and an overlay for the loading states of spec §4. Leaflet and
 * its CSS live in this file's chunk, so only map screens load them.
 */
export function MapView({
  children,
  height = 420,
  center,
  zoom = 13,
  testId = 'map',
  tileUrl,
}: MapViewProps) {
  const { t } = useTranslation();
  const { settings } = useAppConfiguration();
  const [state, setState] = useState<MapLoadState>('notLoaded');
  const [attempt, setAttempt] = useState(0);
  const onStateChange = useCallback((next: MapLoadState) => setState(next), []);

  return (
    <Box
      data-testid={testId}
      data-state={state}
      sx={{
        position: 'relative',
        height,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <MapContainer
        center={center ?? DEFAULT_CENTER}
        zoom={zoom}
        style={{ height: '100%', width: '100%' }}
        aria-label={t('geofences:map.label')}
      >
        <MapTiles tileUrl={tileUrl ?? settings.mapTileUrl} attempt={attempt} onStateChange={onStateChange} />
        {children}
      </MapContainer>
      <MapStateOverlay state={state} onRetry={() => setAttempt((value) => value + 1)} />
    </Box>
  );
}

function MapStateOverlay({ state, onRetry }: { state: MapLoadState; onRetry(): void }) {
  const { t } = useTranslation();
  if (state === 'loaded') return null;
  const overlay = { position: 'absolute', top: 8, left: 56, right: 8, zIndex: 1000 } as const;
  if (state === 'loading') {
    return (
      <Box sx={{ ...overlay, display: 'flex', justifyContent: 'flex-end' }} data-testid="map-loading">
        <CircularProgress size={24} aria-label={t('geofences:map.loading')} />
      </Box>
    );
  }
  if (state === 'notLoaded') {
    return (
      <Alert severity="info" sx={overlay} data-testid="map-not-loaded">
        {t('geofences:map.notLoaded')}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      sx={overlay}
      data-testid={state === 'authFailure' ? 'map-auth-failure' : 'map-failed'}
      action={
        <Button color="inherit" size="small" onClick={onRetry} data-testid="map-retry">
          {t('geofences:map.retry')}
        </Button>
      }
    >
      {t(state === 'authFailure' ? 'geofences:map.authFailure' : 'geofences:map.failed')}
    </Alert>
  );
}
