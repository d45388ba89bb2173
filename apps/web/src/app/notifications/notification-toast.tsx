import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { NotificationState } from './notification-state';

/**
 * The one notification: a filled alert at the top right. Its own chunk, fetched with the first
 * message: Snackbar, Alert and their icons and transitions are not needed before one (6 KB gzip off
 * the home route, measured with `npm run bench:startup`).
 */
export function NotificationToast({ state, onHide }: { state: NotificationState; onHide(): void }) {
  return (
    <Snackbar
      // A new message restarts the timer even when one is already shown.
      key={`${state.type}:${state.message}`}
      open={state.message !== ''}
      autoHideDuration={state.duration}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      onClose={onHide}
    >
      <Alert
        data-testid="notification"
        variant="filled"
        severity={state.type}
        onClose={onHide}
        sx={{ width: '100%' }}
      >
        {state.message}
      </Alert>
    </Snackbar>
  );
}
