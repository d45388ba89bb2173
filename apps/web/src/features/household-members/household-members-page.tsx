import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permissions';
import { ScreenTitle } from '../../components/screen-title';
import { useHouseholdMembers } from './api/get-household-members';
import { useInvitedByUser } from './api/get-invited-by-user';
import { HouseholdInvitationList } from './household-invitation-list';
import { HouseholdMemberList } from './household-member-list';
import { InviteMemberDialog } from './invite-member-dialog';

/**
 * `/users` for plug-and-play users: the household's people (owner and members, with who invited
 * them) and its open invitations. Every member sees it; the owner invites, resends and deletes.
 */
export function HouseholdMembersPage() {
  const { t } = useTranslation();
  const members = useHouseholdMembers();
  const canInvite = usePermission('Homeward.HouseholdMembers.Invite');
  const [inviting, setInviting] = useState(false);
  const invitedBy = useInvitedByUser().data?.invitedBy;

  return (
    <>
      <ScreenTitle>{t('routes.users')}</ScreenTitle>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary">{t('householdMembers:intro')}</Typography>
        {canInvite && (
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setInviting(true)}
            data-testid="invite-member"
            sx={{ alignSelf: { xs: 'stretch', sm: 'auto' }, flexShrink: 0 }}
          >
            {t('householdMembers:invite.button')}
          </Button>
        )}
      </Stack>
      {invitedBy && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="household-invited-by">
          {t('householdMembers:yourInviter', { name: invitedBy.name, email: invitedBy.email })}
        </Alert>
      )}
      {members.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('householdMembers:members.title')} />
        </Box>
      ) : members.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void members.refetch()}>
              {t('householdMembers:retry')}
            </Button>
          }
        >
          {t('householdMembers:loadFailed')}
        </Alert>
      ) : (
        <>
          <HouseholdMemberList members={members.data.members} />
          <HouseholdInvitationList invitations={members.data.invitations} canManage={canInvite} />
        </>
      )}
      <InviteMemberDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
