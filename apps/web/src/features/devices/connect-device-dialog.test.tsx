import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { ConnectDeviceDialog } from './connect-device-dialog';
import { HouseholdDeviceList } from './household-device-list';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const IMEI = '490154203237518';
const OWNER = [
  'Homeward.Devices',
  'Homeward.Devices.Create',
  'Homeward.Devices.Edit',
  'Homeward.Devices.Delete',
];
const field = (name: string) => screen.getByTestId(`crud-field-${name}`) as HTMLInputElement;

function fill(values: { imei?: string; activationCode?: string; name?: string }) {
  for (const [name, value] of Object.entries(values)) fireEvent.change(field(name), { target: { value } });
}

const fieldRefusal = (field: string, message: string) =>
  Response.json(
    {
      error: {
        code: 'validation_failed',
        message: 'Validation failed',
        validationErrors: [{ field, message }],
      },
    },
    { status: 400 },
  );

describe('ConnectDeviceDialog', { timeout: 30_000 }, () => {
  it('checks the IMEI and the code’s shape in the browser before sending anything', async () => {
    const calls = stubApi();
    await renderWithApp(<ConnectDeviceDialog onClose={() => {}} />, { permissions: OWNER });
    fill({ imei: '490154203237519', activationCode: 'OOOOO-11111', name: 'Dad’s watch' });
    fireEvent.click(screen.getByTestId('connect-device-submit'));
    expect(await screen.findByText('IMEI must be 15 digits with a valid check digit')).toBeTruthy();
    expect(screen.getByText('Enter the 10-character code from the box, e.g. ABCDE-FGH23')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('puts a wrong code on the code field and stays open; the right one connects and closes', async () => {
    const posts: unknown[] = [];
    stubApi((call) => {
      if (call.method !== 'POST') return undefined;
      posts.push(call.body);
      return posts.length === 1
        ? fieldRefusal('activationCode', 'devices:activationCodeWrong')
        : Response.json(
            {
              id: 'd1',
              name: 'Dad’s watch',
              imei: IMEI,
              status: 'offline',
              battery: null,
              lastSeenAt: null,
              citizenId: null,
              citizenName: null,
              connectedAt: '2026-11-26T00:00:00.000Z',
            },
            { status: 201 },
          );
    });
    const onClose = vi.fn();
    await renderWithApp(<ConnectDeviceDialog onClose={onClose} />, { permissions: OWNER });
    fill({ imei: IMEI, activationCode: 'k7mzq 4rt9x', name: 'Dad’s watch' });
    fireEvent.click(screen.getByTestId('connect-device-submit'));
    const dialog = screen.getByTestId('connect-device-dialog');
    expect(await within(dialog).findByText('The activation code is not right for this watch')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // The typed code went out normalised.
    expect(posts[0]).toEqual({ imei: IMEI, activationCode: 'K7MZQ4RT9X', name: 'Dad’s watch' });

    fill({ activationCode: 'K7MZQ-4RT9W' });
    fireEvent.click(screen.getByTestId('connect-device-submit'));
    expect(await screen.findByText('Dad’s watch is connected')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts[1]).toEqual({ imei: IMEI, activationCode: 'K7MZQ4RT9W', name: 'Dad’s watch' });
  });

  it('says when the IMEI is throttled after too many wrong codes', async () => {
    stubApi((call) =>
      call.method === 'POST'
        ? Response.json(
            { error: { code: 'rate_limited', message: 'devices:connectionThrottled' } },
            { status: 429 },
          )
        : undefined,
    );
    await renderWithApp(<ConnectDeviceDialog onClose={() => {}} />, { permissions: OWNER });
    fill({ imei: IMEI, activationCode: 'K7MZQ-4RT9W', name: 'W' });
    fireEvent.click(screen.getByTestId('connect-device-submit'));
    const refusal = await screen.findByTestId('connect-device-refusal');
    expect(refusal.textContent).toBe('Too many wrong codes for this watch. Try again in 15 minutes.');
  });

  it('speaks Danish', async () => {
    stubApi((call) =>
      call.method === 'POST' ? fieldRefusal('imei', 'devices:connectedElsewhere') : undefined,
    );
    await renderWithApp(<ConnectDeviceDialog onClose={() => {}} />, { permissions: OWNER, language: 'da' });
    expect(screen.getByText('Tilslut et ur')).toBeTruthy();
    fill({ imei: IMEI, activationCode: 'K7MZQ-4RT9W', name: 'Fars ur' });
    fireEvent.click(screen.getByTestId('connect-device-submit'));
    const dialog = screen.getByTestId('connect-device-dialog');
    expect(await within(dialog).findByText('Dette ur er allerede tilsluttet en anden husstand')).toBeTruthy();
  });
});

describe('HouseholdDeviceList', { timeout: 30_000 }, () => {
  const WATCH = {
    id: 'd1',
    name: 'Dad’s watch',
    imei: IMEI,
    status: 'online',
    battery: 80,
    lastSeenAt: null,
    citizenId: null,
    citizenName: null,
    connectedAt: '2026-11-26T00:00:00.000Z',
  };

  it('shows an empty household the way to connect its first watch', async () => {
    stubApi((call) => (call.path === '/api/device-connection' ? Response.json({ items: [] }) : undefined));
    await renderWithApp(<HouseholdDeviceList />, { permissions: OWNER });
    expect(await screen.findByTestId('household-devices-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('connect-device-open'));
    expect(await screen.findByTestId('connect-device-dialog')).toBeTruthy();
  });

  it('disconnects a watch only after the owner confirms', async () => {
    const deletes: string[] = [];
    let items = [WATCH];
    stubApi((call) => {
      if (call.method === 'DELETE') {
        deletes.push(call.path);
        items = [];
        return new Response(null, { status: 204 });
      }
      return call.path === '/api/device-connection' ? Response.json({ items }) : undefined;
    });
    await renderWithApp(<HouseholdDeviceList />, { permissions: OWNER });
    fireEvent.click(await screen.findByTestId(`household-device-disconnect-${IMEI}`));
    expect(screen.getByText('Disconnect Dad’s watch?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('disconnect-device-cancel'));
    expect(deletes).toEqual([]);

    fireEvent.click(screen.getByTestId(`household-device-disconnect-${IMEI}`));
    fireEvent.click(await screen.findByTestId('disconnect-device-confirm'));
    expect(await screen.findByText('Dad’s watch is disconnected')).toBeTruthy();
    expect(deletes).toEqual(['/api/device-connection/d1']);
    expect(await screen.findByTestId('household-devices-empty')).toBeTruthy();
  });

  it('offers a member without the owner’s permissions no buttons', async () => {
    stubApi((call) =>
      call.path === '/api/device-connection' ? Response.json({ items: [WATCH] }) : undefined,
    );
    await renderWithApp(<HouseholdDeviceList />, { permissions: ['Homeward.Devices'] });
    expect(await screen.findByText('Dad’s watch')).toBeTruthy();
    expect(screen.queryByTestId('connect-device-open')).toBeNull();
    expect(screen.queryByTestId(`household-device-disconnect-${IMEI}`)).toBeNull();
  });
});
