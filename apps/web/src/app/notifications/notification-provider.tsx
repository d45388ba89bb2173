import { Component, useMemo, useReducer, useState, type ReactNode } from 'react';
import { preloadableLazy } from '../lazy/preloadable-lazy';
import { HIDDEN_NOTIFICATION, notificationReducer } from './notification-state';
import { NotifyContext, type Notify } from './use-notify';

const notificationToast = preloadableLazy(() =>
  import('./notification-toast').then((module) => module.NotificationToast),
);

/** Fetches the toast's chunk ahead of the first message (tests render it without waiting). */
export const preloadNotificationToast = notificationToast.preload;
const LazyNotificationToast = notificationToast.Component;

/** A toast whose chunk cannot be fetched shows nothing rather than taking the app down with it. */
class ToastUnavailable extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Holds the single notification and shows it as a filled alert at the top right. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(notificationReducer, HIDDEN_NOTIFICATION);
  // The toast mounts with the first message and then stays, so hiding plays its transition.
  const [toastMounted, setToastMounted] = useState(false);
  if (state.message !== '' && !toastMounted) setToastMounted(true);

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
      {toastMounted && (
        <ToastUnavailable>
          <LazyNotificationToast state={state} onHide={notify.hide} />
        </ToastUnavailable>
      )}
    </NotifyContext.Provider>
  );
}
