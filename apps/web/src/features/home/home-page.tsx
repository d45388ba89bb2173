import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { useTranslation } from 'react-i18next';
import { routePath } from '../../app/routing/routes';

/** The public start page: choose to log in or to register (spec §2). */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', py: { xs: 4, md: 10 }, textAlign: { xs: 'left', sm: 'center' } }}>
      <Typography
        data-testid="home-title"
        variant="h3"
        component="h1"
        sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '2rem', sm: '3rem' } }}
      >
        {t('home.title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 5 }}>
        {t('home.subtitle')}
      </Typography>
      {/* A flex row (a column on phones), not MUI's Stack: 1.2 KB gzip less on the home route. */}
      <Box
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, justifyContent: 'center' }}
      >
        <Button
          data-testid="home-login"
          component={RouterLink}
          to={routePath('login')}
          variant="contained"
          size="large"
          startIcon={<LoginIcon />}
        >
          {t('home.login')}
        </Button>
        <Button
          data-testid="home-register"
          component={RouterLink}
          to={routePath('registration')}
          variant="outlined"
          color="secondary"
          size="large"
          startIcon={<PersonAddIcon />}
          // The brand pink on white reads at 3.4:1; its darker shade passes WCAG AA (4.5:1) in light mode.
          sx={(theme) => {
            const color = theme.palette.mode === 'light' ? theme.palette.secondary.dark : undefined;
            return { color, borderColor: color };
          }}
        >
          {t('home.register')}
        </Button>
      </Box>
    </Box>
  );
}
