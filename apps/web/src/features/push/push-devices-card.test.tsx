import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushSubscription as StoredDevice } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { PushDevicesCard } from './push-devices-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const PHONE: StoredDevice = {
  id: '60000000-0000-4000-8000-000000000001',
  service: 'fcm.googleapis.com',
  label: 'Chrome · Android',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSuccessAt: null,
  failureCount: 0,
};
const PUBLIC_KEY = `B${'A'.repeat(86)}`;

/** The API with `devices` stored; POST stores one more, DELETE removes. */
function pushApi(devices: StoredDevice[]) {
  return stubApi((call) => {
    if (call.path === '/api/push/public-key') return Response.json({ publicKey: PUBLIC_KEY });
    if (call.path === '/api/push/subscriptions' && call.method === 'GET')
      return Response.json({ items: devices });
    if (call.path === '/api/push/subscriptions' && call.method === 'POST') {
      const created = { ...PHONE, id: '60000000-0000-4000-8000-000000000002', label: 'New' };
      devices.push(created);
      return Response.json(created, { status: 201 });
    }
    if (call.path.startsWith('/api/push/subscriptions/') && call.method === 'DELETE') {
      devices.splice(0, devices.length, ...devices.filter((device) => !call.path.endsWith(device.id)));
      return new Response(null, { status: 204 });
    }
    if (call.path === '/api/push/test') return Response.json({ sent: 1, failed: 0 });
    return undefined;
  });
}

/** A browser that can push: a service worker whose push manager subscribes, and a permission answer. */
function pushCapableBrowser(permission: NotificationPermission) {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/this-browser',
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/this-browser',
      keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => null),
    subscribe: vi.fn(async (_options: { applicationServerKey: Uint8Array }) => subscription),
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  vi.stubGlobal('isSecureContext', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  return { pushManager };
}

describe('PushDevicesCard', () => {
  it('lists the user’s devices, sends a test and removes one', async () => {
    const calls = pushApi([PHONE]);
    await renderWithApp(<PushDevicesCard />);
    expect(await screen.findByText('Chrome · Android')).toBeTruthy();
    // jsdom cannot push: the card says so and offers nothing to turn on.
    expect(screen.getByTestId('push-unsupported').textContent).toContain('cannot show notifications');

    fireEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText('Test notification sent to 1 device(s)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Chrome · Android' }));
    expect(await screen.findByTestId('push-no-devices')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path.endsWith(PHONE.id))).toBe(true);
  });

  it('turns alarms on here: permission, subscription with the server’s key, then the server', async () => {
    const { pushManager } = pushCapableBrowser('granted');
    const calls = pushApi([]);
    await renderWithApp(<PushDevicesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on alarms here' }));
    expect(
      await screen.findByText('Alarms are on for this device', { selector: '[data-testid="push-state"]' }),
    ).toBeTruthy();
    expect(pushManager.subscribe.mock.calls[0]![0].applicationServerKey).toHaveLength(65);
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({
      endpoint: 'https://fcm.googleapis.com/fcm/send/this-browser',
      keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) },
    });
    await waitFor(() => expect(screen.getByText('This device')).toBeTruthy());
  });

  it('explains a refused permission, and stores nothing', async () => {
    const { pushManager } = pushCapableBrowser('denied');
    const calls = pushApi([]);
    await renderWithApp(<PushDevicesCard />, { language: 'da' });
    fireEvent.click(await screen.findByRole('button', { name: 'Slå alarmer til her' }));
    expect(await screen.findByText(/Beskeder er blokeret for Homeward/)).toBeTruthy();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
