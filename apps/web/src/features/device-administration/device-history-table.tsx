import { useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DeviceHistoryEntryItem } from '@homeward/contracts';
import { locationLabel } from './device-administration-resource';
import { useDeviceHistory } from './get-administered-devices';

const PAGE_SIZE = 10;

/** What an entry did, in words: its kind, and the stop kind, the other watch or the changed fields. */
function whatOf(t: TFunction, entry: DeviceHistoryEntryItem): string {
  const kind = t(`deviceAdministration:historyKinds.${entry.kind}`);
  if (entry.stopKind) return `${kind}: ${t(`deviceAdministration:stopKinds.${entry.stopKind}`)}`;
  if (entry.otherDeviceImei)
    return `${kind} ${t('deviceAdministration:history.otherDevice', { imei: entry.otherDeviceImei })}`;
  if (entry.changes && Object.keys(entry.changes).length) {
    const fields = Object.keys(entry.changes).map((field) => t(`deviceAdministration:fields.${field}`));
    return `${kind}: ${fields.join(', ')}`;
  }
  return kind;
}

/** The watch's history: who, when, from, to and the note, newest first, paged on the server. */
export function DeviceHistoryTable({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const history = useDeviceHistory(deviceId, { skipCount: page * PAGE_SIZE, maxResultCount: PAGE_SIZE });
  if (history.isPending) return <CircularProgress aria-label={t('identity:crud.loading')} />;
  if (history.isError) return <Typography color="error">{t('identity:crud.loadFailed')}</Typography>;
  if (history.data.totalCount === 0) {
    return <Typography color="text.secondary">{t('deviceAdministration:history.empty')}</Typography>;
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      {/* On a phone the table scrolls inside its own box; the page never scrolls sideways. */}
      <TableContainer>
        <Table size="small" aria-label={t('deviceAdministration:sections.history')}>
          <TableHead>
            <TableRow>
              {(['when', 'who', 'what', 'from', 'to', 'note'] as const).map((column) => (
                <TableCell key={column}>{t(`deviceAdministration:history.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.items.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell>{when.format(new Date(entry.createdAt))}</TableCell>
                <TableCell>{entry.changedBy}</TableCell>
                <TableCell>{whatOf(t, entry)}</TableCell>
                <TableCell>
                  {entry.fromLocation === null ? '' : locationLabel(t, entry.fromLocation)}
                </TableCell>
                <TableCell>{entry.toLocation === null ? '' : locationLabel(t, entry.toLocation)}</TableCell>
                <TableCell>{entry.note}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={history.data.totalCount}
        page={page}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next)}
      />
    </>
  );
}
