import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AlarmHistoryEntry } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { describeTimelineEntry, receiverNames } from './alarm-timeline-text';

/**
 * An alarm's timeline, oldest first as it happened (the server's order): each entry's time, who
 * did or received it, and what: raised by which report, who was notified by which channel and
 * whether it arrived, escalations, acknowledged and handled by whom, cleared and why.
 */
export function AlarmTimeline({ history }: { history: readonly AlarmHistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  if (history.length === 0) {
    return <Typography color="text.secondary">{t('alarms:detail.emptyTimeline')}</Typography>;
  }
  const receivers = receiverNames(history);
  return (
    <Table size="small" aria-label={t('alarms:detail.timeline')} data-testid="alarm-timeline">
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 190 }}>{t('alarms:detail.at')}</TableCell>
          <TableCell sx={{ width: 200 }}>{t('alarms:detail.who')}</TableCell>
          <TableCell>{t('alarms:detail.what')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((entry) => {
          const line = describeTimelineEntry(entry, { t, language: i18n.language, receivers });
          return (
            <TableRow key={entry.id} data-testid={`alarm-timeline-${entry.action}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {new Date(entry.at).toLocaleString(i18n.language)}
              </TableCell>
              <TableCell>{line.who}</TableCell>
              <TableCell>
                {line.what}
                {line.more && (
                  <Typography variant="body2" color="text.secondary">
                    {line.more}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
