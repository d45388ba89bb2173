import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../components/screen-title';
import { routePath } from '../../app/routing/routes';

/**
 * Login and registration share one screen (spec §2). The sign-in and registration forms arrive with
 * the sign-in issue; until then the screen says so rather than offering a form that does nothing.
 */
export function RegistrationPage({ mode }: { mode: 'login' | 'registration' }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <ScreenTitle>{t(mode === 'login' ? 'routes.login' : 'routes.registration')}</ScreenTitle>
      <Tabs value={mode} sx={{ mb: 3 }} aria-label={t('registration.tabsLabel')}>
        <Tab
          value="login"
          label={t('registration.loginTab')}
          component={RouterLink}
          to={routePath('login')}
        />
        <Tab
          value="registration"
          label={t('registration.registerTab')}
          component={RouterLink}
          to={routePath('registration')}
        />
      </Tabs>
      <Alert data-testid="registration-unavailable" severity="info">
        {t(mode === 'login' ? 'registration.loginUnavailable' : 'registration.registerUnavailable')}
      </Alert>
    </Box>
  );
}
