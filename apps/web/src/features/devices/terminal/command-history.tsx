import { useState } from 'react';
import type { DeviceCommand, DeviceCommandStatus, RealtimeEvent } from '@homeward/contracts';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvents } from '../../../app/realtime/realtime-events';
import { DetailSection } from '../../citizens/detail/detail-section';
import { applyCommandState, useDeviceCommands } from './get-device-commands';

const STATUS_COLORS: Record<DeviceCommandStatus, ChipProps['color']> = {
  queued: 'default',
  sent: 'info',
  acknowledged: 'success',
  failed: 'error',
};

type CommandEvent = Extract<RealtimeEvent, { type: 'deviceCommand' }>;

/** The device's commands, newest first, with state chips that follow the pushed state changes. */
export function CommandHistory({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const commands = useDeviceCommands(deviceId, { skipCount: page * pageSize, maxResultCount: pageSize });

  useRealtimeEvents((events) => {
    for (const event of events) {
      if (event.type === 'deviceCommand' && event.deviceId === deviceId) {
        applyCommandState(queryClient, deviceId, event as CommandEvent);
      }
    }
  });

  const time = (value: string | null) => (value ? new Date(value).toLocaleString(i18n.language) : '—');
  const stateTime = (command: DeviceCommand) =>
    command.failedAt ?? command.acknowledgedAt ?? command.sentAt ?? command.createdAt;

  return (
    <DetailSection title={t('devices:terminal.history')} testId="terminal-history">
      {commands.isPending && <CircularProgress size={24} aria-label={t('identity:crud.loading')} />}
      {commands.isError && <Typography color="error">{t('identity:crud.loadFailed')}</Typography>}
      {commands.data?.totalCount === 0 && (
        <Typography color="text.secondary" data-testid="terminal-history-empty">
          {t('devices:terminal.noCommands')}
        </Typography>
      )}
      {commands.data && commands.data.totalCount > 0 && (
        <>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('devices:terminal.command')}</TableCell>
                <TableCell>{t('devices:terminal.template')}</TableCell>
                <TableCell>{t('devices:terminal.state')}</TableCell>
                <TableCell>{t('devices:terminal.channel')}</TableCell>
                <TableCell>{t('devices:terminal.queuedAt')}</TableCell>
                <TableCell>{t('devices:terminal.changedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {commands.data.items.map((command) => (
                <TableRow key={command.id} data-testid={`terminal-command-${command.id}`}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{command.command}</TableCell>
                  <TableCell>{command.templateName ?? t('devices:terminal.builtIn')}</TableCell>
                  <TableCell>
                    <Tooltip title={command.failureReason ? t(command.failureReason) : ''}>
                      <Chip
                        size="small"
                        color={STATUS_COLORS[command.status]}
                        label={t(`devices:terminal.states.${command.status}`)}
                        data-testid={`terminal-state-${command.id}`}
                      />
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    {command.channel ? t(`devices:terminal.channels.${command.channel}`) : '—'}
                  </TableCell>
                  <TableCell>{time(command.createdAt)}</TableCell>
                  <TableCell>{time(stateTime(command))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={commands.data.totalCount}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 25, 50]}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
            labelRowsPerPage={t('devices:terminal.rowsPerPage')}
          />
        </>
      )}
    </DetailSection>
  );
}
