import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box data-testid="not-found" sx={{ display: 'grid', justifyItems: 'start', gap: 2, py: 4 }}>
      <Typography variant="h2" component="p" color="secondary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography data-testid="screen-title" variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.description')}</Typography>
      <Button data-testid="not-found-home" component={RouterLink} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
