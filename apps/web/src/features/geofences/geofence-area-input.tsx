import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { geofenceBoundingBox, type GeofenceGeometry } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import type { CustomFieldInputProps } from '../../components/crud/crud-form-fields';
import { FitBoundsLayer } from '../../components/map/fit-bounds-layer';
import { GeofenceDrawLayer, type DrawShape } from '../../components/map/geofence-draw-layer';
import { MapView } from '../../components/map/map-view';

/** What is drawn, in words: "Circle, radius 150 m" or "Polygon with 5 points". */
function useDrawnText(geometry: GeofenceGeometry | null): string {
  const { t, i18n } = useTranslation();
  if (!geometry) return t('geofences:notDrawn');
  if (geometry.kind === 'circle') {
    const radius = Math.round(geometry.radiusMeters).toLocaleString(i18n.resolvedLanguage);
    return t('geofences:drawnCircle', { radius });
  }
  return t('geofences:drawnPolygon', { count: geometry.polygon.coordinates[0].length - 1 });
}

/**
 * The geofence form's area: draw a circle or a polygon on the map (the kind is chosen by drawing),
 * edit it by its handles, or clear it. Spec §5: saving with nothing drawn shows the area message.
 */
export function GeofenceAreaInput({ value, onChange, label, error }: CustomFieldInputProps) {
  const { t } = useTranslation();
  const geometry = (value ?? null) as GeofenceGeometry | null;
  const [drawing, setDrawing] = useState<DrawShape | null>(null);
  // The view fits the area the dialog opened with, not every edit (that would jump while drawing).
  const [initialBounds] = useState(() => (geometry ? geofenceBoundingBox(geometry) : null));
  const drawnText = useDrawnText(geometry);
  const help = drawing
    ? t(drawing === 'circle' ? 'geofences:drawHelpCircle' : 'geofences:drawHelpPolygon')
    : geometry
      ? t('geofences:drawHelpEdit')
      : '';

  return (
    <FormControl error={!!error} component="fieldset" data-testid="geofence-area">
      <FormLabel component="legend">{label}</FormLabel>
      <Stack direction="row" spacing={1} sx={{ my: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant={drawing === 'circle' ? 'contained' : 'outlined'}
          onClick={() => setDrawing(drawing === 'circle' ? null : 'circle')}
          data-testid="geofence-draw-circle"
        >
          {t('geofences:drawCircle')}
        </Button>
        <Button
          size="small"
          variant={drawing === 'polygon' ? 'contained' : 'outlined'}
          onClick={() => setDrawing(drawing === 'polygon' ? null : 'polygon')}
          data-testid="geofence-draw-polygon"
        >
          {t('geofences:drawPolygon')}
        </Button>
        <Button
          size="small"
          color="inherit"
          disabled={!geometry}
          onClick={() => {
            setDrawing(null);
            onChange(null);
          }}
          data-testid="geofence-clear"
        >
          {t('geofences:clearDrawing')}
        </Button>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="geofence-drawn"
          data-kind={geometry?.kind ?? ''}
        >
          {drawnText}
        </Typography>
      </Stack>
      <MapView height={320} testId="geofence-draw-map">
        <FitBoundsLayer bounds={initialBounds} />
        <GeofenceDrawLayer
          geometry={geometry}
          onChange={onChange}
          drawing={drawing}
          onDrawingEnd={() => setDrawing(null)}
        />
      </MapView>
      <FormHelperText data-testid="geofence-area-message">{error || help}</FormHelperText>
    </FormControl>
  );
}
