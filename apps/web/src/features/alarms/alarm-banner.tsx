import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CloseIcon from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RealtimeEvent } from '@homeward/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permissions';
import { useRealtimeEvents } from '../../app/realtime/realtime-events';
import { useAcknowledgeAlarm } from './acknowledge-alarm';
import { useAlarm } from './get-alarm';
import { ALARMS_QUERY_KEY } from './get-alarms';
import { playAlarmSound } from './alarm-sound';

type AlarmEvent = Extract<RealtimeEvent, { type: 'alarm' }>;

/** At most this many alarms are shown as banners at once; the rest are counted. */
const MAX_SHOWN = 3;

/** The app shell's alarm banner; only users who see alarms get one. */
export function AlarmBanner() {
  return usePermission('Homeward.Alarms') ? <AlarmBannerStack /> : null;
}

/**
 * Follows the pushed alarm events: a new or repeated open alarm shows (again) at the top with a
 * beep; one acknowledged or handled elsewhere goes away. Every alarm push also refreshes the
 * alarm lists, wherever they are shown.
 */
function AlarmBannerStack() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<AlarmEvent[]>([]);

  useRealtimeEvents((events) => {
    const alarms = events.filter((event): event is AlarmEvent => event.type === 'alarm');
    if (alarms.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: ALARMS_QUERY_KEY });
    const raised = alarms.filter((event) => event.state === 'open');
    setShown((current) => {
      let next = current.filter((item) => !alarms.some((event) => event.alarmId === item.alarmId));
      for (const event of raised) next = [event, ...next.filter((item) => item.alarmId !== event.alarmId)];
      return next;
    });
    if (raised.length > 0) playAlarmSound();
  });

  if (shown.length === 0) return null;
  const dismiss = (alarmId: string) =>
    setShown((current) => current.filter((item) => item.alarmId !== alarmId));
  return (
    <Stack
      spacing={1}
      data-testid="alarm-banner"
      role="region"
      aria-label={t('alarms:title')}
      // Stays in view below the top bar while the screen scrolls.
      sx={{ mb: 2, position: 'sticky', top: { xs: 64, sm: 72 }, zIndex: (theme) => theme.zIndex.appBar - 1 }}
    >
      {shown.slice(0, MAX_SHOWN).map((event) => (
        <AlarmBannerItem key={event.alarmId} event={event} onDone={() => dismiss(event.alarmId)} />
      ))}
      {shown.length > MAX_SHOWN && (
        <Typography variant="body2" color="error" data-testid="alarm-banner-more">
          {t('alarms:banner.more', { count: shown.length - MAX_SHOWN })}
        </Typography>
      )}
    </Stack>
  );
}

function AlarmBannerItem({ event, onDone }: { event: AlarmEvent; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const mayAcknowledge = usePermission('Homeward.Alarms.Acknowledge');
  const acknowledge = useAcknowledgeAlarm();
  // The push names the citizen but not the watch; the alarm itself does.
  const deviceName = useAlarm(event.alarmId).data?.deviceName;
  const values = {
    kind: t(`alarms:kinds.${event.kind}`, { defaultValue: event.kind }),
    citizen: event.citizenName ?? t('alarms:banner.unknownCitizen'),
    device: deviceName ?? '',
    time: new Date(event.at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }),
  };
  return (
    <Alert
      severity="error"
      variant="filled"
      role="alert"
      data-testid={`alarm-banner-${event.alarmId}`}
      action={
        // A custom action replaces the Alert's own close button, so both sit here.
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {mayAcknowledge && (
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              loading={acknowledge.isPending}
              onClick={() =>
                void acknowledge
                  .mutateAsync(event.alarmId)
                  .then(onDone)
                  .catch(() => undefined)
              }
              data-testid={`alarm-banner-acknowledge-${event.alarmId}`}
            >
              {t('alarms:acknowledge')}
            </Button>
          )}
          <IconButton
            color="inherit"
            size="small"
            aria-label={t('alarms:banner.dismiss')}
            title={t('alarms:banner.dismiss')}
            onClick={onDone}
            data-testid={`alarm-banner-dismiss-${event.alarmId}`}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      }
      sx={{ fontWeight: 600, alignItems: 'center' }}
    >
      {t(deviceName ? 'alarms:banner.withDevice' : 'alarms:banner.withoutDevice', values)}
    </Alert>
  );
}
