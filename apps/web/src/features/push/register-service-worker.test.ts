import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './register-service-worker';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  window.history.replaceState({}, '', '/');
});

/** A browser's service worker container that records what the app does with it. */
function serviceWorkerContainer() {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const container = {
    register: vi.fn(async () => ({})),
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    post: (data: unknown) => listeners.forEach((listener) => listener(new MessageEvent('message', { data }))),
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}

describe('registerServiceWorker', () => {
  it('does nothing outside production builds (tests, the dev server)', () => {
    const container = serviceWorkerContainer();
    registerServiceWorker(false);
    window.dispatchEvent(new Event('load'));
    expect(container.register).not.toHaveBeenCalled();
  });

  it('registers /sw.js for the whole app once the page has loaded', () => {
    const container = serviceWorkerContainer();
    registerServiceWorker(true);
    window.dispatchEvent(new Event('load'));
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('routes the tab to a clicked notification’s alarm, and only to the app’s own paths', () => {
    const container = serviceWorkerContainer();
    registerServiceWorker(true);
    const popped = vi.fn();
    window.addEventListener('popstate', popped);
    container.post({ type: 'homeward:navigate', url: '//evil.example/x' });
    container.post({ type: 'something-else', url: '/alarms/2' });
    expect(window.location.pathname).toBe('/');
    container.post({ type: 'homeward:navigate', url: '/alarms/1' });
    expect(window.location.pathname).toBe('/alarms/1');
    expect(popped).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', popped);
  });
});
