import Box from '@mui/material/Box';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { GeofenceOverviewMap } from './geofence-overview-map';
import { geofencesResource } from './geofences-resource';

/**
 * /geofence: the paged, searchable list with add, edit and delete on the left (top on small
 * screens), and every geofence on the map beside it. This page's chunk carries Leaflet.
 */
export function GeofenceListPage() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box>
        <CrudListPage resource={geofencesResource} />
      </Box>
      <Box sx={{ pt: { lg: 8 } }}>
        <GeofenceOverviewMap />
      </Box>
    </Box>
  );
}
