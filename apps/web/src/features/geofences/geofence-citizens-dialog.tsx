import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import type { CitizenListItem, Geofence } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { geofenceCitizensQueryKey, getGeofenceCitizens } from './get-geofence-citizens';

/** "Citizens": who is kept inside this geofence, paged on the server, each linking to their page. */
export function GeofenceCitizensDialog({ geofence, onClose }: { geofence: Geofence; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="geofence-citizens-dialog">
      <DialogTitle>{t('geofences:citizensTitle', { name: geofence.name })}</DialogTitle>
      <DialogContent>
        <ServerDataGrid<CitizenListItem>
          queryKey={geofenceCitizensQueryKey(geofence.id)}
          fetchPage={(request) => getGeofenceCitizens(geofence.id, request)}
          getRowId={(citizen) => citizen.id}
          testId="geofence-citizens-grid"
          columns={[
            {
              field: 'name',
              headerName: t('geofences:citizenName'),
              flex: 2,
              minWidth: 180,
              sortable: false,
              renderCell: ({ row }) => (
                <Link component={RouterLink} to={`/citizens/${row.id}`}>
                  {`${row.name} ${row.surname}`}
                </Link>
              ),
            },
            { field: 'cprMasked', headerName: t('geofences:citizenCpr'), width: 140, sortable: false },
            {
              field: 'organizationName',
              headerName: t('geofences:citizenOrganization'),
              flex: 1,
              sortable: false,
            },
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="geofence-citizens-close">
          {t('geofences:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
