import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { AlarmFilterBar } from './alarm-filters';
import type { AlarmFilters } from './get-alarms';
import { useAlarmsResource } from './use-alarms-resource';

/**
 * The dashboard's alarm card: the tenant's alarms, newest first, filtered by state and kind on the
 * server, with Acknowledge / Handle where the user may and the alarm's state allows, and the way
 * to the alarm center ("All alarms").
 */
export function AlarmList() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AlarmFilters>({});
  const { resource, dialog } = useAlarmsResource();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" data-testid="alarm-list">
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('alarms:title')}
        </Typography>
        <Button component={RouterLink} to="/alarms" data-testid="alarm-list-all">
          {t('alarms:allAlarms')}
        </Button>
      </Stack>
      <CrudListPage
        resource={resource}
        hideTitle
        filters={<AlarmFilterBar value={filters} onChange={setFilters} />}
        filterValues={filters}
        gridTestId="alarms-grid"
        refetchOnMount
      >
        {dialog}
      </CrudListPage>
    </Paper>
  );
}
