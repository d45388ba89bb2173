import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../../app/configuration/get-app-configuration';

interface ProfileFieldProps {
  label: string;
  testId: string;
  children: ReactNode;
}

function ProfileField({ label, testId, children }: ProfileFieldProps) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" data-testid={testId} sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/**
 * Who is signed in, as the server's configuration says: name, user name, e-mail, tenant (or the
 * host) and roles. Read-only; editing arrives with the self-service account issue.
 */
export function AccountProfileCard() {
  const { t } = useTranslation();
  const { currentUser, currentTenant } = useAppConfiguration();

  if (!currentUser) {
    // The route is behind sign-in, but the configuration can lag behind a session that just ended.
    return (
      <Typography data-testid="account-profile" color="text.secondary">
        {t('profile:notSignedIn')}
      </Typography>
    );
  }

  const notSet = (
    <Typography component="span" color="text.secondary">
      {t('profile:notSet')}
    </Typography>
  );
  // Host users have no tenant; a tenant user is never shown as the host, even without a name.
  const tenant = currentUser.tenantId === null ? t('profile:host') : (currentTenant.name ?? notSet);

  return (
    <Card variant="outlined" data-testid="account-profile">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('profile:title')}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.5, sm: 1.5 },
            m: 0,
          }}
        >
          <ProfileField label={t('profile:fullName')} testId="account-profile-name">
            {currentUser.name?.trim() ? currentUser.name : notSet}
          </ProfileField>
          <ProfileField label={t('profile:userName')} testId="account-profile-user-name">
            {currentUser.userName}
          </ProfileField>
          <ProfileField label={t('profile:email')} testId="account-profile-email">
            {currentUser.email ?? notSet}
          </ProfileField>
          <ProfileField label={t('profile:tenant')} testId="account-profile-tenant">
            {tenant}
          </ProfileField>
          <ProfileField label={t('profile:roles')} testId="account-profile-roles">
            {currentUser.roles.length > 0 ? (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {currentUser.roles.map((role) => (
                  <Chip key={role} label={role} size="small" />
                ))}
              </Stack>
            ) : (
              <Typography component="span" color="text.secondary">
                {t('profile:noRoles')}
              </Typography>
            )}
          </ProfileField>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }} data-testid="account-more-later">
          {t('profile:moreLater')}
        </Typography>
      </CardContent>
    </Card>
  );
}
