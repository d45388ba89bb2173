import { SERVICE_WORKER_URL } from './browser-push';

/** What the service worker posts to an open tab when its notification is clicked. */
interface NavigateMessage {
  type: 'homeward:navigate';
  url: string;
}

function isNavigateMessage(data: unknown): data is NavigateMessage {
  const message = data as Partial<NavigateMessage> | null;
  return (
    message?.type === 'homeward:navigate' &&
    typeof message.url === 'string' &&
    message.url.startsWith('/') &&
    !message.url.startsWith('//')
  );
}

/**
 * Registers the service worker (installable app, offline shell, Web Push) in production builds
 * only: tests (jsdom) and the dev server run without it. A notification clicked while a tab is
 * open routes that tab to the alarm, through the router's history (no reload).
 */
export function registerServiceWorker(production = import.meta.env.PROD): void {
  if (!production || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if (!isNavigateMessage(event.data)) return;
    window.history.pushState({}, '', event.data.url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  });
}
