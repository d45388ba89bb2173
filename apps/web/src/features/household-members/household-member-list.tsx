import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { HouseholdMember } from '@homeward/contracts';
import { usePermission } from '../../app/auth/permissions';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { WrappingListItem } from '../../components/lists/wrapping-list-item';
import { useSetReceivesAlarms } from './api/set-receives-alarms';

/**
 * The household's people: owner first, each with who invited them and whether the alarms reach them
 * by e-mail and SMS (an alarm receiver of every citizen). Whoever manages alarm receivers (the
 * owner) switches that per person; the others see it.
 */
export function HouseholdMemberList({ members }: { members: HouseholdMember[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const canManage = usePermission('Homeward.Citizens.ManageAlarmReceivers');
  const setReceives = useSetReceivesAlarms();
  const toggle = async (member: HouseholdMember, receivesAlarms: boolean) => {
    try {
      await setReceives.mutateAsync({ id: member.id, receivesAlarms });
      notify.success(
        t(`householdMembers:toasts.${receivesAlarms ? 'receivesAlarmsOn' : 'receivesAlarmsOff'}`, {
          name: member.name,
        }),
      );
    } catch (error) {
      notify.error(t('householdMembers:toasts.failed', { reason: apiErrorText(t, error) }));
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="household-members-title">
          {t('householdMembers:members.title')}
        </Typography>
        <List aria-labelledby="household-members-title" data-testid="household-members">
          {members.map((member) => (
            <WrappingListItem
              key={member.id}
              data-testid="household-member"
              title={member.name}
              badges={
                <>
                  <Chip
                    size="small"
                    color={member.role === 'owner' ? 'primary' : 'default'}
                    label={t(`householdMembers:members.${member.role}`)}
                  />
                  {member.isCurrentUser && (
                    <Chip size="small" variant="outlined" label={t('householdMembers:members.you')} />
                  )}
                </>
              }
              actions={
                canManage ? (
                  <FormControlLabel
                    label={t('householdMembers:members.receivesAlarms')}
                    control={
                      <Switch
                        checked={member.receivesAlarms}
                        disabled={setReceives.isPending && setReceives.variables?.id === member.id}
                        onChange={(event) => void toggle(member, event.target.checked)}
                        slotProps={{
                          input: {
                            'aria-label': t('householdMembers:members.receivesAlarmsLabel', {
                              name: member.name,
                            }),
                            // @ts-expect-error data attributes pass through to the input
                            'data-testid': 'household-member-receives-alarms',
                          },
                        }}
                      />
                    }
                  />
                ) : (
                  member.receivesAlarms && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t('householdMembers:members.receivesAlarms')}
                    />
                  )
                )
              }
            >
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Typography>
              {member.invitedBy && (
                <Typography variant="body2" color="text.secondary" data-testid="household-member-invited-by">
                  {t('householdMembers:members.invitedBy', { name: member.invitedBy.name })}
                </Typography>
              )}
            </WrappingListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
