import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiRequestError } from '../../../app/api/api-request-error';
import { ScreenTitle } from '../../../components/screen-title';
import { alarmQueryOptions } from '../get-alarm';
import { useAlarmActions } from '../use-alarm-actions';
import { AlarmFacts } from './alarm-facts';
import { AlarmTimeline } from './alarm-timeline';

/**
 * `/alarms/:id`, where an alarm's Web Push notification opens: the alarm, its times to
 * acknowledge and handle, Acknowledge / Handle where allowed, and its full timeline.
 */
export function AlarmDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  // The banner may hold an older copy (the app does not refetch on mount): the page shows it now.
  const alarm = useQuery({ ...alarmQueryOptions(id), refetchOnMount: true });
  const { actionsOf, dialog } = useAlarmActions();

  const back = (
    <Button component={RouterLink} to="/alarms" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      {t('alarms:allAlarms')}
    </Button>
  );
  if (alarm.isError) {
    const missing =
      alarm.error instanceof ApiRequestError && (alarm.error.status === 400 || alarm.error.status === 404);
    return (
      <>
        {back}
        <Alert
          severity={missing ? 'warning' : 'error'}
          data-testid="alarm-detail-error"
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => alarm.refetch()}>
                {t('alarms:tryAgain')}
              </Button>
            )
          }
        >
          {t(missing ? 'alarms:detail.notFound' : 'alarms:detail.loadFailed')}
        </Alert>
      </>
    );
  }
  if (!alarm.data) {
    return (
      <>
        {back}
        <Skeleton variant="text" width={320} height={56} />
        <Skeleton variant="rounded" height={160} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={240} data-testid="alarm-detail-loading" />
      </>
    );
  }
  const data = alarm.data;
  const actions = actionsOf(data);
  return (
    <>
      {back}
      <ScreenTitle>
        {`${t(`alarms:kinds.${data.kind}`)} — ${data.citizenName ?? data.deviceName ?? ''}`}
      </ScreenTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" data-testid="alarm-detail">
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Chip
            label={t(`alarms:states.${data.state}`)}
            color={data.state === 'open' ? 'error' : data.state === 'acknowledged' ? 'warning' : 'default'}
            data-testid="alarm-detail-state"
          />
          {actions.map((action) => (
            <Button
              key={action.testId}
              variant="contained"
              startIcon={action.icon}
              onClick={action.onClick}
              data-testid={action.testId}
            >
              {t(action.labelKey)}
            </Button>
          ))}
        </Stack>
        <AlarmFacts alarm={data} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="alarm-timeline-title">
        <Typography id="alarm-timeline-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('alarms:detail.timeline')}
        </Typography>
        <AlarmTimeline history={data.history} />
      </Paper>
      {dialog}
    </>
  );
}
