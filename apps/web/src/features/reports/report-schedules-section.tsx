import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@homeward/contracts';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { EmptyState } from '../../components/empty-state';
import {
  createReportSchedule,
  deleteReportSchedule,
  REPORT_SCHEDULES_QUERY_KEY,
  updateReportSchedule,
  useReportSchedules,
} from './report-schedules-api';
import { ReportScheduleDialog } from './report-schedule-dialog';
import { requestOf, type ReportScheduleFormValues } from './report-schedule-form';

const ENTITY_KEY = 'reports:schedules.entity';

/** The monthly e-mails: a table of schedules with create, edit and delete. */
export function ReportSchedulesSection() {
  const { t } = useTranslation();
  const schedules = useReportSchedules();
  const [editing, setEditing] = useState<ReportSchedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const mutation = (
    operation: 'create' | 'update' | 'delete',
    mutationFn: (variables: never) => Promise<unknown>,
  ) => ({ mutationFn, queryKey: REPORT_SCHEDULES_QUERY_KEY, entityKey: ENTITY_KEY, operation }) as const;
  const create = useCrudMutation(
    mutation('create', (values: ReportScheduleFormValues) => createReportSchedule(requestOf(values))),
  );
  const update = useCrudMutation(
    mutation('update', ({ id, values }: { id: string; values: ReportScheduleFormValues }) =>
      updateReportSchedule(id, requestOf(values)),
    ),
  );
  const remove = useCrudMutation(mutation('delete', (id: string) => deleteReportSchedule(id)));

  const save = (values: ReportScheduleFormValues) =>
    editing === 'new' || editing === null
      ? create.mutateAsync(values as never)
      : update.mutateAsync({ id: editing.id, values } as never);

  return (
    <Box component="section" aria-labelledby="report-schedules-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 2 }}>
        <Typography id="report-schedules-title" variant="h5" component="h2">
          {t('reports:schedules.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('reports:schedules.add')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('reports:schedules.intro')}
      </Typography>
      {schedules.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('reports:schedules.title')} />
        </Box>
      ) : schedules.isError ? (
        <Alert severity="error">{t('reports:schedules.loadFailed')}</Alert>
      ) : schedules.data.items.length === 0 ? (
        <EmptyState title={t('reports:schedules.empty')} />
      ) : (
        <ScheduleTable items={schedules.data.items} onEdit={setEditing} onDelete={setDeleting} />
      )}
      {editing !== null && (
        <ReportScheduleDialog
          schedule={editing === 'new' ? undefined : editing}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        name={
          deleting ? t('reports:schedules.deleteName', { report: t(`reports:kinds.${deleting.kind}`) }) : ''
        }
        onConfirm={() => remove.mutateAsync(deleting!.id as never)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

interface ScheduleTableProps {
  items: ReportSchedule[];
  onEdit(schedule: ReportSchedule): void;
  onDelete(schedule: ReportSchedule): void;
}

function ScheduleTable({ items, onEdit, onDelete }: ScheduleTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="report-schedules-title">
        <TableHead>
          <TableRow>
            <TableCell>{t('reports:report')}</TableCell>
            <TableCell>{t('reports:format')}</TableCell>
            <TableCell>{t('reports:schedules.recipients')}</TableCell>
            <TableCell>{t('reports:schedules.dayOfMonth')}</TableCell>
            <TableCell>{t('reports:schedules.language')}</TableCell>
            <TableCell>{t('reports:schedules.lastSent')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((schedule) => {
            const report = t(`reports:kinds.${schedule.kind}`);
            return (
              <TableRow key={schedule.id}>
                <TableCell>{report}</TableCell>
                <TableCell>{t(`reports:formats.${schedule.format}`)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{schedule.recipients.join(', ')}</TableCell>
                <TableCell>{schedule.dayOfMonth}</TableCell>
                <TableCell>{t(`translation:languages.${schedule.language}`)}</TableCell>
                <TableCell>{schedule.lastSentMonth ?? t('reports:schedules.never')}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    aria-label={`${t('reports:schedules.edit')}: ${report}`}
                    onClick={() => onEdit(schedule)}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`${t('reports:schedules.delete')}: ${report}`}
                    onClick={() => onDelete(schedule)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
