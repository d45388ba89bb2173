import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { MessageForMe } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { PAGE_SIZE_OPTIONS } from '../../components/crud/paged-list-request';
import { markMessageRead, MESSAGES_FOR_ME_QUERY_KEY, useMessagesForMe } from './get-messages';

/**
 * "For me": the messages that reached the signed-in user, newest first, paged. Unread ones are
 * bold; opening one shows its text and marks it read.
 */
export function MessagesForMeList() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_OPTIONS[0]!);
  const [openId, setOpenId] = useState<string | null>(null);
  const inbox = useMessagesForMe({ skipCount: page * pageSize, maxResultCount: pageSize });
  const read = useMutation({
    mutationFn: markMessageRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_FOR_ME_QUERY_KEY }),
  });
  const format = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  const open = (message: MessageForMe) => {
    setOpenId((current) => (current === message.id ? null : message.id));
    if (message.readAt === null && !read.isPending) read.mutate(message.id);
  };

  if (inbox.isPending) {
    return (
      <Box data-testid="messages-for-me-loading" sx={{ display: 'grid', placeContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('identity:crud.loading')} />
      </Box>
    );
  }
  if (inbox.isError) {
    return (
      <Alert
        severity="error"
        data-testid="messages-for-me-error"
        action={
          <Button color="inherit" size="small" onClick={() => void inbox.refetch()}>
            {t('messages:retry')}
          </Button>
        }
      >
        {t('messages:loadFailed')}
      </Alert>
    );
  }
  const { items, totalCount, unreadCount } = inbox.data;
  if (totalCount === 0) {
    return <EmptyState title={t('messages:emptyTitle')} description={t('messages:emptyDescription')} />;
  }
  return (
    <Paper variant="outlined">
      <Typography sx={{ px: 2, pt: 2 }} color="text.secondary" data-testid="messages-unread-count">
        {t('messages:unreadCount', { count: unreadCount })}
      </Typography>
      <List data-testid="messages-for-me">
        {items.map((message) => {
          const unread = message.readAt === null;
          const expanded = openId === message.id;
          return (
            <ListItemButton
              key={message.id}
              onClick={() => open(message)}
              aria-expanded={expanded}
              data-testid={`message-${message.id}`}
              data-unread={unread}
              sx={{ display: 'block' }}
            >
              <ListItemText
                primary={message.subject}
                secondary={`${message.senderName ?? t('messages:unknownSender')} · ${format(message.deliveredAt)}`}
                slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } } }}
              />
              {expanded && (
                <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1 }} data-testid={`message-body-${message.id}`}>
                  {message.body}
                </Typography>
              )}
            </ListItemButton>
          );
        })}
      </List>
      <TablePagination
        component="div"
        count={totalCount}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZE_OPTIONS}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('messages:rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('messages:displayedRows', { from, to, count })}
      />
    </Paper>
  );
}
