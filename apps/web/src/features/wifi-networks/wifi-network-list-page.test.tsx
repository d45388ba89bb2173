import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WifiNetwork } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { WifiNetworkListPage } from './wifi-network-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const network = (macAddress: string, values: Partial<WifiNetwork> = {}): WifiNetwork => ({
  id: `00000000-0000-4000-8000-${macAddress.replace(/:/g, '')}`,
  tenantId: '00000000-0000-4000-8000-00000000000a',
  macAddress,
  ssid: 'Solhaven',
  displayName: 'Fællesstue',
  address: '',
  type: 'manual',
  trustLevel: 'trusted',
  latitude: 55.64297,
  longitude: 12.47516,
  minLatitude: null,
  maxLatitude: null,
  minLongitude: null,
  maxLongitude: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...values,
});

const NETWORKS = [
  network('3C:84:6A:12:9B:01'),
  network('B0:BE:76:AA:01:C3', {
    type: 'automatic',
    trustLevel: 'untrusted',
    latitude: null,
    longitude: null,
  }),
];
const ALL = [
  'Homeward.WifiNetworks',
  'Homeward.WifiNetworks.Create',
  'Homeward.WifiNetworks.Edit',
  'Homeward.WifiNetworks.Delete',
];

const list = (call: RecordedCall) =>
  call.method === 'GET' && call.path.startsWith('/api/wifis?')
    ? Response.json({ items: NETWORKS, totalCount: NETWORKS.length })
    : undefined;

const macTaken = (call: RecordedCall) =>
  call.method === 'POST'
    ? Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are not valid',
            validationErrors: [{ field: 'macAddress', message: 'wifi:macAddressTaken' }],
          },
        },
        { status: 400 },
      )
    : undefined;

describe('WifiNetworkListPage', { timeout: 20_000 }, () => {
  it('lists networks with their translated type and trust level', async () => {
    stubApi(list);
    await renderWithApp(<WifiNetworkListPage />, { permissions: ALL });
    expect(await screen.findByText('3C:84:6A:12:9B:01')).toBeTruthy();
    expect(screen.getByTestId('wifi-trust-B0:BE:76:AA:01:C3').textContent).toBe('Untrusted');
    expect(within(screen.getByTestId('crud-grid')).getByText('Automatic')).toBeTruthy();
    expect(screen.getByText('55.64297, 12.47516')).toBeTruthy();
  });

  it('sends the type and trust-level filters to the server', async () => {
    const calls = stubApi(list);
    await renderWithApp(<WifiNetworkListPage />, { permissions: ALL });
    await screen.findByText('3C:84:6A:12:9B:01');
    fireEvent.change(screen.getByTestId('wifi-filter-type'), { target: { value: 'automatic' } });
    fireEvent.change(screen.getByTestId('wifi-filter-trust-level'), { target: { value: 'trusted' } });
    await waitFor(() =>
      expect(
        calls.some((call) => /type=automatic/.test(call.path) && /trustLevel=trusted/.test(call.path)),
      ).toBe(true),
    );
  });

  it.each([
    ['en', 'Mac address already exists'],
    ['da', 'MAC-adressen findes allerede'],
  ])('shows a duplicate MAC as a field error (%s)', async (language, text) => {
    const calls = stubApi(list, macTaken);
    await renderWithApp(<WifiNetworkListPage />, { permissions: ALL, language });
    fireEvent.click(await screen.findByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    fireEvent.change(within(dialog).getByTestId('crud-field-macAddress'), {
      target: { value: '3c-84-6a-12-9b-01' },
    });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await within(dialog).findByText(text)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      macAddress: '3C:84:6A:12:9B:01',
      type: 'manual',
      trustLevel: 'unknown',
      latitude: null,
    });
  });

  it('checks the form before sending: an invalid MAC and a position outside its bounds', async () => {
    const calls = stubApi(list);
    await renderWithApp(<WifiNetworkListPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    const type = (name: string, value: string) =>
      fireEvent.change(within(dialog).getByTestId(`crud-field-${name}`), { target: { value } });
    type('macAddress', 'zz:zz');
    type('latitude', '56');
    type('longitude', '12');
    type('maxLatitude', '55');
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await within(dialog).findByText('Not a valid MAC address')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('hides create, edit and delete without their permissions', async () => {
    stubApi(list);
    await renderWithApp(<WifiNetworkListPage />, { permissions: ['Homeward.WifiNetworks'] });
    await screen.findByText('3C:84:6A:12:9B:01');
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('crud-edit-3C:84:6A:12:9B:01')).toBeNull();
    expect(screen.queryByTestId('crud-delete-3C:84:6A:12:9B:01')).toBeNull();
  });
});
