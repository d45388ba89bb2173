import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { bootstrapText } from '../i18n/bootstrap-text';
import { useAppState } from '../state/app-store';

interface AppLoadErrorScreenProps {
  onRetry(): void;
  retrying: boolean;
}

/** Configuration or translations could not be loaded; the user can try again without reloading. */
export function AppLoadErrorScreen({ onRetry, retrying }: AppLoadErrorScreenProps) {
  const language = useAppState((state) => state.language);
  return (
    <Box
      data-testid="app-load-error"
      role="alert"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeContent: 'center',
        justifyItems: 'center',
        gap: 2,
        p: 3,
      }}
    >
      <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {bootstrapText(language, 'appName')}
      </Typography>
      <Typography variant="h6" component="h1">
        {bootstrapText(language, 'loadFailedTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420, textAlign: 'center' }}>
        {bootstrapText(language, 'loadFailedDescription')}
      </Typography>
      <Button
        data-testid="app-load-retry"
        variant="contained"
        onClick={onRetry}
        disabled={retrying}
        startIcon={retrying ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {bootstrapText(language, 'retry')}
      </Button>
    </Box>
  );
}
