import type { ReactNode } from 'react';
import type { DeviceTerminal } from '@homeward/contracts';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailSection } from '../../citizens/detail/detail-section';

/** The device's identity and live state, as the terminal shows it. */
export function TerminalInfoCard({ device, actions }: { device: DeviceTerminal; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t('devices:imei'), device.imei],
    [t('devices:deviceIdentifier'), device.deviceIdentifier ?? '—'],
    [t('devices:product'), device.productName ?? t('devices:noProduct')],
    [t('devices:status'), t(`devices:statuses.${device.status}`)],
    [
      t('devices:lastSeen'),
      device.lastSeenAt ? new Date(device.lastSeenAt).toLocaleString(i18n.language) : t('devices:never'),
    ],
    [t('devices:battery'), device.batteryLevel === null ? '—' : `${device.batteryLevel} %`],
    [t('devices:phoneNumber'), device.phoneNumber ?? '—'],
    [
      t('devices:terminal.protocol'),
      device.protocol ? t(`devices:terminal.protocols.${device.protocol}`) : t('devices:terminal.unknown'),
    ],
    [
      t('devices:terminal.mqttSecretState'),
      t(device.hasMqttSecret ? 'devices:terminal.mqttSecretSet' : 'devices:terminal.mqttSecretNone'),
    ],
  ];
  return (
    <DetailSection
      title={t('devices:terminal.info')}
      testId="terminal-info"
      action={
        device.connected ? (
          <Chip
            color="success"
            size="small"
            label={t('devices:terminal.connected')}
            data-testid="terminal-connected"
          />
        ) : undefined
      }
    >
      <Grid container spacing={2}>
        {rows.map(([label, value]) => (
          <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label}
            </Typography>
            <Typography variant="body2">{value}</Typography>
          </Grid>
        ))}
      </Grid>
      {actions}
    </DetailSection>
  );
}
