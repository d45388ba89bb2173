import { afterEach, describe, expect, it, vi } from 'vitest';
import serviceWorkerSource from '../../../public/sw.js?raw';

/**
 * apps/web/public/sw.js, evaluated with a stand-in for the service worker's global scope: what it
 * may cache (only the public shell, never the API, sign-in, account or realtime paths, nor anything
 * personal), and how a push becomes a notification and a click opens the alarm.
 */

const ORIGIN = 'https://care.example.dk';

interface FakeRequest {
  method: string;
  url: string;
  mode: string;
  headers: Headers;
}
const request = (path: string, init: Partial<Omit<FakeRequest, 'url'>> = {}): FakeRequest => ({
  method: 'GET',
  mode: 'no-cors',
  headers: new Headers(),
  ...init,
  url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
});
const response = (status = 200, headers: Record<string, string> = {}, type = 'basic') => {
  const answer = { status, type, headers: new Headers(headers), clone: () => answer };
  return answer;
};

type Handler = (event: Record<string, unknown>) => void;

function loadWorker() {
  const handlers: Record<string, Handler> = {};
  const cache = { put: vi.fn(async () => undefined), addAll: vi.fn(async () => undefined) };
  const windows: { url: string; postMessage: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn> }[] =
    [];
  const scope = {
    addEventListener: (type: string, handler: Handler) => (handlers[type] = handler),
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
      claim: vi.fn(async () => undefined),
    },
    skipWaiting: vi.fn(async () => undefined),
  };
  const caches = {
    open: vi.fn(async () => cache),
    match: vi.fn(async () => undefined),
    keys: vi.fn(async () => []),
    delete: vi.fn(async () => true),
  };
  const network = vi.fn(async (): Promise<unknown> => response());
  const exports = new Function(
    'self',
    'caches',
    'fetch',
    `${serviceWorkerSource}\nreturn { mayCache, mayStore };`,
  )(scope, caches, network) as {
    mayCache(request: FakeRequest, origin: string): boolean;
    mayStore(response: unknown): boolean;
  };
  /** Dispatches an event; resolves with what it passed to respondWith and waitUntil. */
  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    let responded: Promise<unknown> | undefined;
    const waited: Promise<unknown>[] = [];
    handlers[type]!({
      ...fields,
      respondWith: (answer: Promise<unknown>) => (responded = answer),
      waitUntil: (work: Promise<unknown>) => waited.push(work),
    });
    const answer = await responded;
    await Promise.all(waited);
    return { responded: responded !== undefined, answer };
  };
  return { ...exports, scope, caches, cache, network, windows, dispatch };
}

afterEach(() => vi.restoreAllMocks());

describe('the service worker’s cache rule', () => {
  const worker = loadWorker();

  it.each([
    '/assets/index-3f9a1c.js',
    '/assets/map-77aa.css',
    '/',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
  ])('caches the public shell file %s', (path) => expect(worker.mayCache(request(path), ORIGIN)).toBe(true));

  it.each([
    '/api/alarms',
    '/api/push/public-key',
    '/api',
    '/connect/token',
    '/account/login',
    '/realtime',
    '/.well-known/openid-configuration',
    '/silent-renew.html',
    '/metrics',
    '/dashboard',
    '/alarms/0193',
    '/assets/index.js?token=secret',
  ])('never caches %s', (path) => expect(worker.mayCache(request(path), ORIGIN)).toBe(false));

  it('never caches writes, other origins, or requests carrying credentials', () => {
    expect(worker.mayCache(request('/assets/a.js', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(worker.mayCache(request('https://tiles.example.org/assets/1.png'), ORIGIN)).toBe(false);
    const withToken = request('/assets/a.js', { headers: new Headers({ authorization: 'Bearer x' }) });
    expect(worker.mayCache(withToken, ORIGIN)).toBe(false);
  });

  it('stores only whole, same-origin answers that are not private', () => {
    expect(worker.mayStore(response(200, { 'cache-control': 'public, max-age=31536000, immutable' }))).toBe(
      true,
    );
    expect(worker.mayStore(response(200, { 'cache-control': 'private, max-age=60' }))).toBe(false);
    expect(worker.mayStore(response(200, { 'cache-control': 'no-store' }))).toBe(false);
    expect(worker.mayStore(response(206))).toBe(false);
    expect(worker.mayStore(response(200, {}, 'opaque'))).toBe(false);
  });
});

describe('the service worker’s fetch handler', () => {
  it('leaves the API, sign-in and realtime to the network, untouched', async () => {
    const worker = loadWorker();
    for (const path of ['/api/alarms', '/connect/authorize', '/realtime', '/account/login']) {
      const navigate = request(path, { mode: 'navigate' });
      expect((await worker.dispatch('fetch', { request: navigate })).responded).toBe(false);
      expect((await worker.dispatch('fetch', { request: request(path) })).responded).toBe(false);
    }
    expect(worker.cache.put).not.toHaveBeenCalled();
  });

  it('keeps a hashed asset, but not an answer marked private', async () => {
    const worker = loadWorker();
    await worker.dispatch('fetch', { request: request('/assets/index-1.js') });
    expect(worker.cache.put).toHaveBeenCalledTimes(1);
    worker.network.mockResolvedValueOnce(response(200, { 'cache-control': 'private' }));
    await worker.dispatch('fetch', { request: request('/assets/index-2.js') });
    expect(worker.cache.put).toHaveBeenCalledTimes(1);
  });

  it('answers a page from the network, and from the cached shell only when offline', async () => {
    const worker = loadWorker();
    const page = response();
    worker.network.mockResolvedValueOnce(page);
    expect(
      (await worker.dispatch('fetch', { request: request('/alarms/1', { mode: 'navigate' }) })).answer,
    ).toBe(page);
    const shell = response();
    worker.network.mockRejectedValueOnce(new TypeError('offline'));
    worker.caches.match.mockResolvedValueOnce(shell as never);
    const offline = await worker.dispatch('fetch', { request: request('/alarms/1', { mode: 'navigate' }) });
    expect(offline.answer).toBe(shell);
    expect(worker.caches.match).toHaveBeenCalledWith('/');
    expect(worker.cache.put).not.toHaveBeenCalled();
  });
});

describe('push notifications', () => {
  const alarm = {
    alarmId: 'a1',
    title: 'SOS alarm: Inge Jensen',
    body: 'Inge pressed SOS',
    url: '/alarms/a1',
  };

  it('shows one lasting notification per alarm that opens the alarm', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', { data: { json: () => alarm, text: () => JSON.stringify(alarm) } });
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith('SOS alarm: Inge Jensen', {
      body: 'Inge pressed SOS',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: 'alarm-a1',
      renotify: true,
      requireInteraction: true,
      data: { url: '/alarms/a1' },
    });
  });

  it('routes an open tab to the alarm on click, or opens one', async () => {
    const worker = loadWorker();
    const notification = { close: vi.fn(), data: { url: '/alarms/a1' } };
    await worker.dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith('/alarms/a1');

    const tab = { url: `${ORIGIN}/dashboard`, postMessage: vi.fn(), focus: vi.fn(async () => tab) };
    worker.windows.push(tab);
    await worker.dispatch('notificationclick', { notification });
    expect(tab.postMessage).toHaveBeenCalledWith({ type: 'homeward:navigate', url: '/alarms/a1' });
    expect(tab.focus).toHaveBeenCalled();
  });

  it('opens only the app’s own paths', async () => {
    const worker = loadWorker();
    const notification = { close: vi.fn(), data: { url: '//evil.example/phish' } };
    await worker.dispatch('notificationclick', { notification });
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith('/dashboard');
  });
});
