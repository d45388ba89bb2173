import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Citizen } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { DetailSection } from './detail-section';

/** The alarm receivers in escalation order, read-only, each phone number a link to call. */
export function CitizenReceiverContacts({ citizen }: { citizen: Citizen }) {
  const { t } = useTranslation();
  const receivers = citizen.alarmReceivers;
  return (
    <DetailSection title={t('citizens:sections.alarmReceivers')} testId="citizen-receiver-contacts">
      {receivers.length === 0 ? (
        <Typography color="text.secondary">{t('citizenPage:receivers.empty')}</Typography>
      ) : (
        <List dense disablePadding>
          {receivers.map((receiver) => (
            <ListItem key={receiver.id} divider disableGutters>
              <ListItemText
                primary={`${receiver.position}. ${receiver.name}`}
                secondary={
                  receiver.phone ? (
                    <Link
                      href={`tel:${receiver.phone.replace(/[^\d+]/g, '')}`}
                      aria-label={t('citizenPage:receivers.call', {
                        name: receiver.name,
                        phone: receiver.phone,
                      })}
                    >
                      {receiver.phone}
                    </Link>
                  ) : (
                    t('citizenPage:receivers.noPhone')
                  )
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </DetailSection>
  );
}
