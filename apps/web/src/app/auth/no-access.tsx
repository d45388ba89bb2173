import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';

/** A protected screen the signed-in user holds no permission for. */
export function NoAccess() {
  const { t } = useTranslation('auth');
  return (
    <Box
      data-testid="no-access"
      role="alert"
      sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 8, px: 2, textAlign: 'center' }}
    >
      <LockIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="h5" component="h1">
        {t('noAccess.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {t('noAccess.description')}
      </Typography>
      <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 2 }} data-testid="no-access-home">
        {t('noAccess.home')}
      </Button>
    </Box>
  );
}
