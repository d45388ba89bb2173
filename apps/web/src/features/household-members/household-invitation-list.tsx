import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HouseholdInvitation } from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import { EmptyState } from '../../components/empty-state';
import { apiErrorText } from '../../components/forms/api-error-text';
import { WrappingListItem } from '../../components/lists/wrapping-list-item';
import { useDeleteInvitedUser } from './api/delete-invited-user';
import { useResendInvitation } from './api/resend-invitation';

/** The invitations nobody accepted yet; the owner sends one again or deletes it (after asking). */
export function HouseholdInvitationList({
  invitations,
  canManage,
}: {
  invitations: HouseholdInvitation[];
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const resend = useResendInvitation();
  const remove = useDeleteInvitedUser();
  const [deleting, setDeleting] = useState<HouseholdInvitation | undefined>();
  const date = (value: string) =>
    new Date(value).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const resendOne = async (invitation: HouseholdInvitation) => {
    try {
      await resend.mutateAsync(invitation.id);
      notify.success(t('householdMembers:toasts.resent'));
    } catch (error) {
      notify.error(t('householdMembers:toasts.failed', { reason: apiErrorText(t, error) }));
    }
  };
  const deleteOne = async (invitation: HouseholdInvitation) => {
    try {
      await remove.mutateAsync(invitation.id);
      notify.success(t('householdMembers:toasts.deleted'));
    } catch (error) {
      notify.error(t('householdMembers:toasts.failed', { reason: apiErrorText(t, error) }));
      throw error;
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id="household-invitations-title" sx={{ mb: 1 }}>
          {t('householdMembers:invitations.title')}
        </Typography>
        {invitations.length === 0 ? (
          <EmptyState title={t('householdMembers:invitations.empty')} />
        ) : (
          <List aria-labelledby="household-invitations-title" data-testid="household-invitations">
            {invitations.map((invitation) => (
              <WrappingListItem
                key={invitation.id}
                data-testid="household-invitation"
                title={invitation.email}
                actions={
                  canManage && (
                    <>
                      <Button
                        size="small"
                        onClick={() => void resendOne(invitation)}
                        loading={resend.isPending && resend.variables === invitation.id}
                        aria-label={t('householdMembers:invitations.resendLabel', {
                          email: invitation.email,
                        })}
                        data-testid="invitation-resend"
                      >
                        {t('householdMembers:invitations.resend')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(invitation)}
                        aria-label={t('householdMembers:invitations.deleteLabel', {
                          email: invitation.email,
                        })}
                        data-testid="invitation-delete"
                      >
                        {t('householdMembers:invitations.delete')}
                      </Button>
                    </>
                  )
                }
              >
                <Typography variant="body2" component="div" color="text.secondary">
                  {t('householdMembers:invitations.sent', { date: date(invitation.sentAt) })}
                  {' · '}
                  {invitation.expired ? (
                    <Chip size="small" color="warning" label={t('householdMembers:invitations.expired')} />
                  ) : (
                    t('householdMembers:invitations.expires', { date: date(invitation.expiresAt) })
                  )}
                </Typography>
                {invitation.invitedBy && (
                  <Typography variant="body2" color="text.secondary">
                    {t('householdMembers:members.invitedBy', { name: invitation.invitedBy.name })}
                  </Typography>
                )}
                {invitation.receivesAlarms && (
                  <Typography variant="body2" color="text.secondary">
                    {t('householdMembers:invitations.willReceiveAlarms')}
                  </Typography>
                )}
              </WrappingListItem>
            ))}
          </List>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        open={!!deleting}
        name={deleting?.email ?? ''}
        warning={deleting ? t('householdMembers:deleteDialog.body', { email: deleting.email }) : undefined}
        onConfirm={() => deleteOne(deleting!)}
        onClose={() => setDeleting(undefined)}
      />
    </Card>
  );
}
