import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { testDevice } from './device-test-data';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { DeviceListPage } from './device-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const device = testDevice;

const IMEI = '350000000000014';
const ALL = [
  'Homeward.Devices',
  'Homeward.Devices.Create',
  'Homeward.Devices.Edit',
  'Homeward.Devices.Delete',
  'Homeward.Devices.ActivationCodes',
];

const list = (call: RecordedCall) =>
  call.method === 'GET' && call.path.startsWith('/api/devices?')
    ? Response.json({ items: [device('online', 80)], totalCount: 1 })
    : undefined;
const download = (call: RecordedCall) =>
  call.path.startsWith('/api/devices/activation-codes/export') ? new Response('xlsx') : undefined;
const lastList = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/devices?')).at(-1)?.path;

async function renderPage(permissions: string[]) {
  const calls = stubApi(list, download);
  await renderWithApp(
    <MemoryRouter>
      <DeviceListPage />
    </MemoryRouter>,
    { permissions },
  );
  await screen.findByText('Inges ur');
  return calls;
}

describe('the devices screen (registry)', { timeout: 20_000 }, () => {
  it('filters and searches on the server, and the labels follow the search', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = await renderPage(ALL);
    expect(screen.getByTestId('devices-grid')).toBeTruthy();
    expect(screen.getByTestId('crud-create')).toBeTruthy();
    for (const id of ['device-terminal', 'device-edit', 'device-code', 'device-delete']) {
      expect(screen.getByTestId(`${id}-${IMEI}`)).toBeTruthy();
    }

    fireEvent.change(screen.getByTestId('device-filter-status'), { target: { value: 'offline' } });
    await waitFor(() =>
      expect(lastList(calls)).toBe('/api/devices?skipCount=0&maxResultCount=10&status=offline'),
    );
    fireEvent.change(screen.getByTestId('crud-search'), { target: { value: IMEI } });
    await waitFor(() =>
      expect(lastList(calls)).toBe(
        `/api/devices?skipCount=0&maxResultCount=10&filter=${IMEI}&status=offline`,
      ),
    );
    fireEvent.click(screen.getByTestId('device-labels-export'));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe(`/api/devices/activation-codes/export?filter=${IMEI}`),
    );
  });

  it('offers a reader only the terminal', async () => {
    await renderPage(['Homeward.Devices']);
    expect(screen.getByTestId(`device-terminal-${IMEI}`)).toBeTruthy();
    expect(screen.queryByTestId(`device-edit-${IMEI}`)).toBeNull();
    expect(screen.queryByTestId(`device-delete-${IMEI}`)).toBeNull();
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('device-labels-export')).toBeNull();
  });
});
