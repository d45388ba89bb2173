import { cleanup, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_STATUSES } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import DashboardPage from './dashboard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WATCH = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'Dad’s watch',
  imei: '350000000000001',
  status: 'online',
  battery: 80,
  lastSeenAt: null,
  citizenId: '40000000-0000-4000-8000-000000000001',
  citizenName: 'Erik Hansen',
  connectedAt: '2026-11-01T10:00:00.000Z',
};

function api(call: RecordedCall) {
  if (call.path.startsWith('/api/device-connection')) return Response.json({ items: [WATCH] });
  if (call.path.startsWith('/api/devices/summary')) {
    // The server counts every status, zero or not.
    const byStatus = Object.fromEntries(
      DEVICE_STATUSES.map((status) => [status, status === 'online' ? 1 : 0]),
    );
    return Response.json({ active: 1, inactive: 0, byStatus });
  }
  if (call.path.startsWith('/api/alarms')) return Response.json({ items: [], totalCount: 0 });
  return undefined;
}

const OWNER = ['Homeward.Dashboard', 'Homeward.Devices', 'Homeward.Devices.Create', 'Homeward.Alarms'];
/** What only the municipality product shows. */
const MUNICIPALITY = [/organi[sz]ation/i, /customer/i, /stella/i, /\bdiag\b/i, /sale type/i, /invoice/i];

async function renderDashboard(isPlugAndPlay: boolean, language = 'en') {
  const calls = stubApi(api);
  const router = createMemoryRouter([{ path: '/', element: <DashboardPage /> }]);
  await renderWithApp(<RouterProvider router={router} />, { permissions: OWNER, language, isPlugAndPlay });
  return calls;
}

describe('the plug-and-play dashboard', () => {
  it('shows the household’s watches and no municipality field, filter or button', async () => {
    const calls = await renderDashboard(true);
    expect(await screen.findByText('Dad’s watch')).toBeTruthy();
    expect(screen.getByText(/Worn by Erik Hansen/)).toBeTruthy();
    for (const text of MUNICIPALITY) expect(screen.queryAllByText(text)).toEqual([]);
    // No "add device" (which asks for an organization): a household connects a watch on /devices.
    expect(screen.queryByTestId('add-device')).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage watches' }).getAttribute('href')).toBe('/devices');
    // The municipality device table (with its organization filter) is never asked for.
    expect(calls.some((call) => call.path.startsWith('/api/devices?'))).toBe(false);
    expect(calls.some((call) => call.path.startsWith('/api/devices/organizations'))).toBe(false);
  });

  it('speaks Danish', async () => {
    await renderDashboard(true, 'da');
    expect(await screen.findByText('Dad’s watch')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Administrer ure' })).toBeTruthy();
  });

  it('leaves the municipality dashboard with its device table and add device', async () => {
    await renderDashboard(false);
    expect(await screen.findByTestId('add-device')).toBeTruthy();
    expect(screen.queryByTestId('household-watches')).toBeNull();
  });
});
