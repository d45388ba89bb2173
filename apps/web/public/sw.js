/* Homeward's service worker (issue 21 "Alarms on the phone"): the installable app's shell and
 * Web Push. It caches only public files that are the same for everyone: the content-hashed bundles
 * under /assets/, the icons, the manifest and the static index.html (the boot screen, for offline
 * navigation). It never caches the API, the sign-in provider, the account pages, the realtime
 * socket, or any answer that is personal (private/no-store, or asked for with credentials). */

const SHELL_CACHE = 'homeward-shell-v1';
/** Fetched when the worker installs. */
const SHELL_FILES = [
  '/',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/apple-touch-icon.png',
];
/** Paths whose answers belong to a signed-in user or to the server: never cached, never answered here. */
const NEVER_CACHED = [
  '/api',
  '/connect',
  '/account',
  '/realtime',
  '/.well-known',
  '/metrics',
  '/silent-renew',
];

/** Whether `path` is one of NEVER_CACHED's, or under one. */
function isPrivatePath(path) {
  return NEVER_CACHED.some(
    (prefix) => path === prefix || path.startsWith(prefix + '/') || path.startsWith(prefix + '.'),
  );
}

/**
 * May this request's answer be kept in the shell cache? Only GETs of our own origin for a shell
 * file or a hashed asset, without credentials of their own, and never a private path.
 */
function mayCache(request, origin) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== origin || url.search !== '') return false;
  if (isPrivatePath(url.pathname)) return false;
  if (request.headers && request.headers.get('authorization')) return false;
  return url.pathname.startsWith('/assets/') || SHELL_FILES.includes(url.pathname);
}

/** May this answer be stored: a whole, same-origin 200 the server did not mark private or no-store. */
function mayStore(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  const cacheControl = (response.headers.get('cache-control') || '').toLowerCase();
  return !/(^|,|\s)(private|no-store)(,|\s|$)/.test(cacheControl);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name !== SHELL_CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  const origin = self.location.origin;
  if (request.method !== 'GET' || url.origin !== origin || isPrivatePath(url.pathname)) return;
  if (request.mode === 'navigate') {
    // The network first, always: the shell only when offline.
    event.respondWith(
      fetch(request).catch(() => caches.match('/').then((cached) => cached || Response.error())),
    );
    return;
  }
  if (!mayCache(request, origin)) return;
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (mayStore(response)) {
            const copy = response.clone();
            event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        }),
    ),
  );
});

/** The notification of a push: `{ title, body, url, alarmId? }` as the server's outbox sends it. */
function notificationOf(data) {
  const title = typeof data.title === 'string' && data.title ? data.title : 'Homeward';
  const isAlarm = typeof data.alarmId === 'string';
  return {
    title,
    options: {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One notification per alarm: a re-alert replaces it (and alerts again) instead of stacking.
      tag: isAlarm ? 'alarm-' + data.alarmId : 'homeward',
      renotify: isAlarm,
      requireInteraction: isAlarm,
      data: { url: safeUrl(data.url) },
    },
  };
}

/** A path of this app only (`/alarms/<id>`); anything else opens the dashboard. */
function safeUrl(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/dashboard';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const { title, options } = notificationOf(data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(url);
      // The open tab shows the alarm: the app routes to it without reloading (register-service-worker.ts).
      open.postMessage({ type: 'homeward:navigate', url });
      return open.focus();
    }),
  );
});
