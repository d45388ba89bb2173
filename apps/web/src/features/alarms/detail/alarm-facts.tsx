import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { AlarmDetail } from '@homeward/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from '../alarm-durations';

/** Who acted last with `action`, by the alarm's history (the alarm itself keeps only the user id). */
function actorOf(alarm: AlarmDetail, action: 'acknowledged' | 'handled'): string | null {
  return alarm.history.findLast((entry) => entry.action === action)?.userName ?? null;
}

/**
 * The alarm's facts: whose and which watch, when it was raised, acknowledged (by whom, how long
 * after), handled (by whom, how long after, with the note) or cleared.
 */
export function AlarmFacts({ alarm }: { alarm: AlarmDetail }) {
  const { t, i18n } = useTranslation();
  const time = (value: string) => new Date(value).toLocaleString(i18n.language);
  // A closed alarm that skipped a step (handled straight from open, or cleared) never takes it.
  const closed = alarm.state === 'handled' || alarm.state === 'cleared';
  const by = (name: string | null) => (name ? ` — ${name}` : '');
  const rows: [string, ReactNode, string][] = [
    [
      t('alarms:citizen'),
      alarm.citizenId ? (
        <Link component={RouterLink} to={`/citizens/${alarm.citizenId}`}>
          {alarm.citizenName ?? alarm.citizenId}
        </Link>
      ) : (
        '—'
      ),
      'citizen',
    ],
    [t('alarms:device'), alarm.deviceName ?? '—', 'device'],
    [t('alarms:detail.raisedAt'), `${time(alarm.firstAt)} · ${t('alarms:count')} ${alarm.count}`, 'raised'],
    [
      t('alarms:timeToAcknowledge'),
      alarm.acknowledgedAt
        ? `${formatDuration(t, alarm.secondsToAcknowledge ?? 0, i18n.language)}${by(actorOf(alarm, 'acknowledged'))}`
        : closed
          ? '—'
          : t('alarms:notYet'),
      'acknowledged',
    ],
    [
      t('alarms:timeToHandle'),
      alarm.handledAt
        ? `${formatDuration(t, alarm.secondsToHandle ?? 0, i18n.language)}${by(actorOf(alarm, 'handled'))}`
        : closed
          ? '—'
          : t('alarms:notYet'),
      'handled',
    ],
    ...(alarm.clearedAt
      ? [[t('alarms:detail.clearedAt'), time(alarm.clearedAt), 'cleared'] as [string, ReactNode, string]]
      : []),
    ...(alarm.note
      ? [[t('alarms:detail.noteLabel'), alarm.note, 'note'] as [string, ReactNode, string]]
      : []),
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {rows.map(([label, value, key]) => (
        <Box key={key} sx={{ display: 'contents' }} data-testid={`alarm-fact-${key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
