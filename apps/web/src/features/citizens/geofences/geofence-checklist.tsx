import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGeofenceMap } from '../../geofences/get-geofences';

interface GeofenceChecklistProps {
  selected: string[];
  onChange(ids: string[]): void;
  disabled?: boolean;
}

/** The tenant's geofences as checkboxes; the checked ones are the citizen's. */
export function GeofenceChecklist({ selected, onChange, disabled }: GeofenceChecklistProps) {
  const { t } = useTranslation();
  const geofences = useGeofenceMap();
  if (geofences.isPending) return <CircularProgress size={24} aria-label={t('identity:crud.loading')} />;
  if (geofences.isError) return <Alert severity="error">{t('citizens:geofences.loadFailed')}</Alert>;
  if (geofences.data.items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('citizens:geofences.none')}
      </Typography>
    );
  }
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((item) => item !== id));
  return (
    <FormGroup data-testid="citizen-geofence-list">
      {geofences.data.items.map((fence) => (
        <FormControlLabel
          key={fence.id}
          disabled={disabled}
          label={`${fence.name} (${t(`geofences:kinds.${fence.kind}`)})`}
          control={
            <Checkbox
              checked={selected.includes(fence.id)}
              onChange={(event) => toggle(fence.id, event.target.checked)}
              slotProps={{ input: { 'data-testid': `citizen-geofence-${fence.name}` } as object }}
            />
          }
        />
      ))}
    </FormGroup>
  );
}
