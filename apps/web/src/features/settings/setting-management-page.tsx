import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { SETTING_GROUP_PERMISSIONS, SETTING_GROUPS, type SettingGroup } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { EmptyState } from '../../components/empty-state';
import { ScreenTitle } from '../../components/screen-title';
import { SettingGroupForm } from './setting-group-form';

/**
 * /setting-management: one tab per settings group the user may read (each checks its own
 * permission); each tab saves at the caller's level, the host's or their tenant's.
 */
export function SettingManagementPage() {
  const { t } = useTranslation('settings');
  const granted = useGrantedPolicies();
  const groups = SETTING_GROUPS.filter((group) => granted[SETTING_GROUP_PERMISSIONS[group]] === true);
  const [chosen, setChosen] = useState<SettingGroup>();
  const current = chosen && groups.includes(chosen) ? chosen : groups[0];

  return (
    <>
      <ScreenTitle>{t('translation:routes.settings')}</ScreenTitle>
      {current === undefined ? (
        <EmptyState title={t('noGroupsTitle')} description={t('noGroupsDescription')} />
      ) : (
        <>
          <Tabs
            value={current}
            onChange={(_event, group: SettingGroup) => setChosen(group)}
            variant="scrollable"
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
          >
            {groups.map((group) => (
              <Tab
                key={group}
                value={group}
                label={t(`groups.${group}`)}
                data-testid={`settings-tab-${group}`}
              />
            ))}
          </Tabs>
          <Box role="tabpanel">
            {/* Keyed by group, so unsaved edits of one tab never leak into another. */}
            <SettingGroupForm key={current} group={current} permission={SETTING_GROUP_PERMISSIONS[current]} />
          </Box>
        </>
      )}
    </>
  );
}
