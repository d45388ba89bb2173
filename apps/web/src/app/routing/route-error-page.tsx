import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a screen fails to render or its chunk cannot be fetched (typically after a deploy
 * replaced the files); a full reload picks up the new build.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Box data-testid="route-error" role="alert" sx={{ p: 4, display: 'grid', gap: 2, justifyItems: 'start' }}>
      <Typography variant="h5" component="h1">
        {t('errors.unknown')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.tryAgain')}
      </Button>
    </Box>
  );
}
