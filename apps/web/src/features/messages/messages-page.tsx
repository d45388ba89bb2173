import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permissions';
import { ScreenTitle } from '../../components/screen-title';
import { MessagesForMeList } from './messages-for-me-list';
import { ScheduledMessageList } from './scheduled-message-list';

type MessagesTab = 'forMe' | 'scheduled';

/**
 * /messages: "For me" (my inbox) for everyone with Messages; "Scheduled" (the tenant's messages,
 * new message, cancel) only for those who may create them.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const mayCreate = usePermission('Homeward.Messages.Create');
  const [tab, setTab] = useState<MessagesTab>('forMe');
  const shown = mayCreate ? tab : 'forMe';
  return (
    <>
      <ScreenTitle>{t('messages:title')}</ScreenTitle>
      {mayCreate && (
        <Tabs value={shown} onChange={(_event, next: MessagesTab) => setTab(next)} sx={{ mb: 2 }}>
          <Tab value="forMe" label={t('messages:forMe')} data-testid="messages-tab-for-me" />
          <Tab value="scheduled" label={t('messages:scheduled')} data-testid="messages-tab-scheduled" />
        </Tabs>
      )}
      <Box role="tabpanel">{shown === 'forMe' ? <MessagesForMeList /> : <ScheduledMessageList />}</Box>
    </>
  );
}
