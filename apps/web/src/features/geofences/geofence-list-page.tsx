import { useMemo, useState } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import type { Geofence } from '@homeward/contracts';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { GeofenceCitizensDialog } from './geofence-citizens-dialog';
import { GeofenceOverviewMap } from './geofence-overview-map';
import { geofencesResource, type GeofenceForm } from './geofences-resource';

/**
 * /geofence: the paged, searchable list with add, edit, delete and "citizens" on the left, and
 * every geofence on the map beside it from 1536 px up; below that the map sits under the list, so
 * the list's columns (names, sizes, times and three actions) fit without scrolling sideways.
 * This page's chunk carries Leaflet.
 */
export function GeofenceListPage() {
  const [citizensOf, setCitizensOf] = useState<Geofence | null>(null);
  const resource = useMemo<CrudResource<Geofence, GeofenceForm>>(
    () => ({
      ...geofencesResource,
      rowActions: [
        {
          id: 'geofence-citizens',
          labelKey: 'geofences:citizens',
          icon: <PeopleIcon fontSize="small" />,
          permission: 'Homeward.Citizens',
          onClick: setCitizensOf,
        },
      ],
    }),
    [],
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box>
        <CrudListPage resource={resource} />
      </Box>
      <Box sx={{ pt: { xl: 8 } }}>
        <GeofenceOverviewMap />
      </Box>
      {citizensOf && <GeofenceCitizensDialog geofence={citizensOf} onClose={() => setCitizensOf(null)} />}
    </Box>
  );
}
