import { useMemo, useReducer, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { HIDDEN_NOTIFICATION, notificationReducer } from './notification-state';
import { NotifyContext, type Notify } from './use-notify';

/** Holds the single notification and shows it as a filled alert at the top right. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(notificationReducer, HIDDEN_NOTIFICATION);

  const notify = useMemo<Notify>(
    () => ({
      notify: (message, type, duration) => dispatch({ kind: 'show', message, type, duration }),
      success: (message, duration) => dispatch({ kind: 'show', message, type: 'success', duration }),
      error: (message, duration) => dispatch({ kind: 'show', message, type: 'error', duration }),
      hide: () => dispatch({ kind: 'hide' }),
    }),
    [],
  );

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Snackbar
        // A new message restarts the timer even when one is already shown.
        key={`${state.type}:${state.message}`}
        open={state.message !== ''}
        autoHideDuration={state.duration}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        onClose={notify.hide}
      >
        <Alert
          data-testid="notification"
          variant="filled"
          severity={state.type}
          onClose={notify.hide}
          sx={{ width: '100%' }}
        >
          {state.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}
