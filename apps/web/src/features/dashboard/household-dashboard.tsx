import AddLinkIcon from '@mui/icons-material/AddLink';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { IfPermitted } from '../../app/auth/permissions';
import { routePath } from '../../app/routing/routes';
import { ScreenTitle } from '../../components/screen-title';
import { AlarmList } from '../alarms/alarm-list';
import { DeviceStatusChart } from '../devices/device-status-chart';
import { ConnectedDevicesState } from '../devices/connected-devices-state';

/**
 * /dashboard of the plug-and-play product (issue 17, "a simpler product"): the household's alarms,
 * its watches at a glance and the way to connect one. No organizations, customers, Stella IDs,
 * DIAG or sale types; one column at phone width.
 */
export function HouseholdDashboard() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenTitle>{t('routes.dashboard')}</ScreenTitle>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <IfPermitted permission="Homeward.Alarms">
          <Grid size={12}>
            <AlarmList />
          </Grid>
        </IfPermitted>
        <Grid size={{ xs: 12, md: 8 }}>
          <HouseholdWatches />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <DeviceStatusChart />
        </Grid>
      </Grid>
    </>
  );
}

/** The household's watches: name, state, battery and wearer; managing them is on /devices. */
function HouseholdWatches() {
  const { t } = useTranslation();
  const manage = (
    <Button component={RouterLink} to={routePath('devices')} startIcon={<AddLinkIcon />}>
      {t('devices:household.manage')}
    </Button>
  );
  return (
    <Card variant="outlined" data-testid="household-watches">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('devices:household.title')}
        </Typography>
        <ConnectedDevicesState marginTop={1}>
          {(items) => (
            <List dense>
              {items.map((device) => (
                <ListItem key={device.id} disableGutters data-testid={`household-watch-${device.imei}`}>
                  <ListItemText
                    primary={device.name}
                    secondary={[
                      t(`devices:statuses.${device.status}`),
                      device.battery !== null
                        ? t('devices:household.battery', { battery: device.battery })
                        : null,
                      device.citizenName
                        ? t('devices:household.wornBy', { name: device.citizenName })
                        : t('devices:household.notWorn'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </ConnectedDevicesState>
      </CardContent>
      <CardActions>{manage}</CardActions>
    </Card>
  );
}
