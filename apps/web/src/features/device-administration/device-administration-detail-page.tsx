import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { ALL_TENANTS_ID } from '@homeward/contracts';
import { usePermission } from '../../app/auth/permissions';
import { useAppState } from '../../app/state/app-store';
import { DeviceHistoryTable } from './device-history-table';
import { DeviceConditionForm, DeviceSaleForm } from './device-sale-form';
import { ExchangeDeviceDialog } from './exchange-device-dialog';
import { useAdministeredDevice } from './get-administered-devices';
import { PhysicalLocationForm } from './physical-location-form';
import { StopDeviceDialog } from './stop-device-dialog';
import { BatteryLevelChart } from '../battery-levels/battery-level-chart';

function Section({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /device-administration/:id: one watch's location, history, sale, condition, stop and exchange. */
export function DeviceAdministrationDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const device = useAdministeredDevice(id);
  const [dialog, setDialog] = useState<'stop' | 'exchange' | null>(null);
  // A host looking at All tenants reads every watch but changes none (the server refuses writes).
  const allTenants = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const canEdit = usePermission('Homeward.DeviceAdministration.Edit') && !allTenants;
  const canStop = usePermission('Homeward.DeviceAdministration.Stop') && !allTenants;
  const canExchange = usePermission('Homeward.DeviceAdministration.Exchange') && !allTenants;

  return (
    <Box>
      <Button component={RouterLink} to="/device-administration" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('deviceAdministration:backToList')}
      </Button>
      {device.isPending && <CircularProgress aria-label={t('identity:crud.loading')} />}
      {device.isError && <Alert severity="error">{t('deviceAdministration:notFound')}</Alert>}
      {device.data && (
        <Stack spacing={2}>
          <Typography variant="h5" component="h1" data-testid="screen-title">
            {device.data.name} · {device.data.imei}
          </Typography>
          {allTenants && <Alert severity="info">{t('deviceAdministration:readOnly')}</Alert>}
          {device.data.stoppedAs && (
            <Alert severity="warning">
              {t('deviceAdministration:columns.stopped')}:{' '}
              {t(`deviceAdministration:stopKinds.${device.data.stoppedAs}`)}
            </Alert>
          )}
          <Section titleKey="deviceAdministration:sections.location">
            <PhysicalLocationForm device={device.data} readOnly={!canEdit} />
          </Section>
          {(canStop || canExchange) && (
            <Section titleKey="deviceAdministration:sections.actions">
              <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                {canStop && (
                  // Outlined, the text is the colour on paper: the theme's warning orange reads at
                  // only 3:1 there, its error red at 4.5:1 (axe color-contrast).
                  <Button variant="outlined" color="error" onClick={() => setDialog('stop')}>
                    {t('deviceAdministration:actions.stop')}
                  </Button>
                )}
                {canExchange && (
                  <Button
                    variant="outlined"
                    onClick={() => setDialog('exchange')}
                    disabled={!device.data.citizenId}
                  >
                    {t('deviceAdministration:actions.exchange')}
                  </Button>
                )}
                {canExchange && !device.data.citizenId && (
                  <Typography variant="body2" color="text.secondary">
                    {t('deviceAdministration:exchangeNeedsCitizen')}
                  </Typography>
                )}
              </Stack>
            </Section>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Section titleKey="deviceAdministration:sections.sale">
              <DeviceSaleForm device={device.data} readOnly={!canEdit} />
            </Section>
            <Section titleKey="deviceAdministration:sections.condition">
              <DeviceConditionForm device={device.data} readOnly={!canEdit} />
            </Section>
          </Box>
          <BatteryLevelChart deviceId={device.data.id} />
          <Section titleKey="deviceAdministration:sections.history">
            <DeviceHistoryTable deviceId={device.data.id} />
          </Section>
          {dialog === 'stop' && <StopDeviceDialog device={device.data} onClose={() => setDialog(null)} />}
          {dialog === 'exchange' && (
            <ExchangeDeviceDialog device={device.data} onClose={() => setDialog(null)} />
          )}
        </Stack>
      )}
    </Box>
  );
}
