import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { Device, RealtimeEvent } from '@homeward/contracts';
import { emitRealtimeEvents } from '../../app/realtime/realtime-events';
import { DEVICE_ID, testDevice } from './device-test-data';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { DeviceTable } from './device-table';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const device = testDevice;

const pushed = (status: Device['status'], batteryLevel: number): RealtimeEvent => ({
  type: 'device',
  tenantId: null,
  organizationId: null,
  state: {
    deviceId: DEVICE_ID,
    status,
    batteryLevel,
    lastSeenAt: '2026-11-23T10:01:00.000Z',
    latitude: 56.16,
    longitude: 10.19,
  },
});

/**
 * The device table of a user with `Homeward.Devices`, the API listing the one device `listed()`
 * returns at each fetch; the API calls made.
 */
async function renderDeviceTable(listed: () => Device) {
  const calls = stubApi((call) =>
    call.method === 'GET' && call.path.startsWith('/api/devices?')
      ? Response.json({ items: [listed()], totalCount: 1 })
      : undefined,
  );
  await renderWithApp(
    <MemoryRouter>
      <DeviceTable />
    </MemoryRouter>,
    { permissions: ['Homeward.Devices'] },
  );
  return calls;
}

describe('device table with live states', { timeout: 20_000 }, () => {
  it('updates a row from pushed device states, fetching again only when a status changed', async () => {
    let server = device('online', 80);
    const calls = await renderDeviceTable(() => server);
    const listFetches = () => calls.filter((call) => call.path.startsWith('/api/devices?')).length;
    await screen.findByRole('gridcell', { name: 'Online' });
    const before = listFetches();

    // Battery only: the row changes in place, nothing is fetched.
    act(() => emitRealtimeEvents([pushed('online', 42)]));
    await screen.findByRole('gridcell', { name: '42 %' });
    expect(listFetches()).toBe(before);

    // A new status: shown at once, and the lists are fetched again (filters, chart).
    server = device('outsideGeofence', 41);
    act(() => emitRealtimeEvents([pushed('outsideGeofence', 41)]));
    await screen.findByRole('gridcell', { name: 'Outside geofence' });
    await screen.findByRole('gridcell', { name: '41 %' });
    expect(listFetches()).toBeGreaterThan(before);
  });

  it('shows a pushed location without a fix as such, and a later fix as a place again', async () => {
    await renderDeviceTable(() => device('online', 80));
    await screen.findByRole('gridcell', { name: 'Online' });
    const noFix = pushed('online', 80);
    if (noFix.type === 'device') noFix.state.locationValid = false;
    act(() => emitRealtimeEvents([noFix]));
    await screen.findByRole('gridcell', { name: '56.16000, 10.19000 (no fix)' });
    act(() => emitRealtimeEvents([pushed('online', 80)]));
    await screen.findByRole('gridcell', { name: '56.16000, 10.19000' });
  });
});
