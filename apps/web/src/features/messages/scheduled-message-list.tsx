import { useState } from 'react';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import AddIcon from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import type { MessageStatus, ScheduledMessage } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { apiErrorText } from '../../components/forms/api-error-text';
import {
  cancelMessage,
  getScheduledMessages,
  MESSAGES_QUERY_KEY,
  SCHEDULED_MESSAGES_QUERY_KEY,
} from './get-messages';
import { NewMessageDialog } from './new-message-dialog';

const SORT_FIELDS = ['subject', 'sendAt', 'status', 'createdAt'] as const;
const STATUS_COLORS: Record<MessageStatus, 'info' | 'success' | 'default'> = {
  scheduled: 'info',
  delivered: 'success',
  cancelled: 'default',
};

function columnsOf(t: TFunction, language: string): GridColDef<ScheduledMessage>[] {
  const format = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' }) : '';
  return [
    { field: 'subject', headerName: t('messages:subject'), flex: 2, minWidth: 180 },
    {
      field: 'sendAt',
      headerName: t('messages:sendAt'),
      flex: 1,
      minWidth: 150,
      valueFormatter: (value: string) => format(value),
    },
    {
      field: 'status',
      headerName: t('messages:status'),
      minWidth: 120,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={STATUS_COLORS[row.status]}
          label={t(`messages:statuses.${row.status}`)}
          data-testid={`message-status-${row.id}`}
        />
      ),
    },
    {
      field: 'recipientCount',
      headerName: t('messages:recipients'),
      sortable: false,
      minWidth: 160,
      valueGetter: (_value, row) =>
        row.recipientCount === null
          ? t('messages:addressees', { users: row.userIds.length, units: row.organizationUnitIds.length })
          : t('messages:reached', { count: row.recipientCount, emails: row.emailCount ?? 0 }),
    },
    { field: 'createdByName', headerName: t('messages:createdBy'), sortable: false, flex: 1, minWidth: 120 },
  ];
}

/** "Scheduled": the tenant's messages with their status; a scheduled one can be cancelled. */
export function ScheduledMessageList() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<ScheduledMessage | null>(null);
  const cancel = useMutation({
    mutationFn: cancelMessage,
    onSuccess: async () => {
      notify.success(t('messages:cancelSucceeded'));
      await queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
    },
    onError: (error) => notify.error(t('messages:cancelFailed', { reason: apiErrorText(t, error) })),
  });

  // The whole tab needs Messages.Create (the page shows it only then); creating is the dialog below.
  const resource: CrudResource<ScheduledMessage, Record<string, never>> = {
    queryKey: SCHEDULED_MESSAGES_QUERY_KEY,
    titleKey: 'messages:scheduled',
    entityKey: 'messages:entity',
    columns: () => columnsOf(t, i18n.language),
    sortFields: SORT_FIELDS,
    getId: (message) => message.id,
    getName: (message) => message.id,
    searchLabelKey: 'messages:search',
    fetchList: getScheduledMessages,
    permissions: {},
    rowActions: [
      {
        id: 'message-cancel',
        labelKey: 'messages:cancelMessage',
        icon: <CancelScheduleSendIcon fontSize="small" />,
        isVisible: (message) => message.status === 'scheduled',
        onClick: (message) => setCancelling(message),
      },
    ],
  };

  return (
    <CrudListPage
      resource={resource}
      hideTitle
      gridTestId="scheduled-messages-grid"
      toolbarActions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          data-testid="message-new"
        >
          {t('messages:newMessage')}
        </Button>
      }
    >
      {creating && <NewMessageDialog onClose={() => setCreating(false)} />}
      {cancelling && (
        <Dialog open onClose={() => setCancelling(null)} data-testid="message-cancel-dialog">
          <DialogTitle>{t('messages:cancelTitle')}</DialogTitle>
          <DialogContent>{t('messages:cancelQuestion', { subject: cancelling.subject })}</DialogContent>
          <DialogActions>
            <Button onClick={() => setCancelling(null)}>{t('messages:keep')}</Button>
            <Button
              color="error"
              variant="contained"
              loading={cancel.isPending}
              data-testid="message-cancel-confirm"
              onClick={() =>
                void cancel
                  .mutateAsync(cancelling.id)
                  .catch(() => undefined)
                  .finally(() => setCancelling(null))
              }
            >
              {t('messages:cancelMessage')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </CrudListPage>
  );
}
