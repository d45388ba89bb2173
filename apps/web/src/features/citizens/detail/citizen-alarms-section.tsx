import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { AlarmState } from '@homeward/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CrudRowActions } from '../../../components/crud/crud-row-actions';
import { ALARMS_QUERY_KEY, getAlarms } from '../../alarms/get-alarms';
import { useAlarmActions } from '../../alarms/use-alarm-actions';
import { DetailSection } from './detail-section';

/** Open and acknowledged are the alarms someone still has to deal with. */
const UNRESOLVED: AlarmState[] = ['open', 'acknowledged'];
/** A citizen rarely has more; the dashboard list pages through all of them. */
const MAX_SHOWN = 50;

/**
 * The citizen's alarms still to deal with, newest first; one query for the page's header and its
 * alarm list. The API filters by one state, so the two are fetched side by side and merged.
 */
export function useCitizenOpenAlarms(citizenId: string, enabled = true) {
  return useQuery({
    queryKey: [...ALARMS_QUERY_KEY, 'citizen', citizenId],
    queryFn: async () => {
      const pages = await Promise.all(
        UNRESOLVED.map((state) =>
          getAlarms({ skipCount: 0, maxResultCount: MAX_SHOWN }, { citizenId, state }),
        ),
      );
      return pages.flatMap((page) => page.items).sort((a, b) => b.lastAt.localeCompare(a.lastAt));
    },
    enabled,
  });
}

/** The citizen's alarms still to deal with, newest first, with Acknowledge / Handle. */
export function CitizenAlarmsSection({ citizenId }: { citizenId: string }) {
  const { t, i18n } = useTranslation();
  const { actionsOf, dialog } = useAlarmActions();
  const alarms = useCitizenOpenAlarms(citizenId);
  return (
    <DetailSection title={t('alarms:openAlarms')} testId="citizen-alarms">
      {alarms.isError && <Typography color="error">{t('identity:crud.loadFailed')}</Typography>}
      {alarms.data?.length === 0 && (
        <Typography color="text.secondary" data-testid="citizen-alarms-empty">
          {t('alarms:noOpenAlarms')}
        </Typography>
      )}
      {alarms.data && alarms.data.length > 0 && (
        <List dense disablePadding>
          {alarms.data.map((alarm) => (
            <ListItem
              key={alarm.id}
              divider
              data-testid={`citizen-alarm-${alarm.id}`}
              secondaryAction={<CrudRowActions actions={actionsOf(alarm)} />}
            >
              <ListItemText
                primary={`${t(`alarms:kinds.${alarm.kind}`)} — ${t(`alarms:states.${alarm.state}`)}`}
                secondary={t('alarms:summary', {
                  device: alarm.deviceName ?? '—',
                  count: alarm.count,
                  time: new Date(alarm.lastAt).toLocaleString(i18n.language),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {dialog}
    </DetailSection>
  );
}
