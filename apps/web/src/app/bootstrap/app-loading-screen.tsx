import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { bootstrapText } from '../i18n/bootstrap-text';
import { useAppState } from '../state/app-store';

/** Shown until configuration and translations have arrived; matches the look of index.html. */
export function AppLoadingScreen() {
  const language = useAppState((state) => state.language);
  return (
    <Box
      data-testid="app-loading"
      role="status"
      aria-label={bootstrapText(language, 'loading')}
      sx={{ minHeight: '100vh', display: 'grid', placeContent: 'center', justifyItems: 'center', gap: 3 }}
    >
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {bootstrapText(language, 'appName')}
      </Typography>
      <CircularProgress color="secondary" aria-label={bootstrapText(language, 'loading')} />
    </Box>
  );
}
