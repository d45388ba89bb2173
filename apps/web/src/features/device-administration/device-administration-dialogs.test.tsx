import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_STOP_KINDS } from '@homeward/contracts';
import { refuseWith, renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { administeredDevice } from './device-administration-test-support';
import { ExchangeDeviceDialog } from './exchange-device-dialog';
import { StopDeviceDialog } from './stop-device-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STOP_TOASTS = {
  lost: 'The device was stopped as lost and written off.',
  awaitingReturn: 'The device was stopped and awaits return.',
  returned: 'The device was stopped as returned and is back in stock.',
  customerDevice: "The device was stopped as the customer's own device.",
};

describe('StopDeviceDialog', () => {
  it('explains the effect of each stop', async () => {
    stubApi();
    await renderWithApp(<StopDeviceDialog device={administeredDevice()} onClose={() => {}} />);
    const group = screen.getByRole('radiogroup', { name: 'Stop as' });
    expect(within(group).getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByText(/the subscription is paused, and the device awaits return/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' }).hasAttribute('disabled')).toBe(true);
  });

  it.each(DEVICE_STOP_KINDS)('stops the device as %s with its own toast', async (kind) => {
    const calls = stubApi((call) =>
      call.method === 'POST' ? Response.json(administeredDevice({ stoppedAs: kind })) : undefined,
    );
    const onClose = vi.fn();
    await renderWithApp(<StopDeviceDialog device={administeredDevice()} onClose={onClose} />);
    const labels = {
      lost: 'Lost',
      awaitingReturn: 'Awaiting return',
      returned: 'Returned',
      customerDevice: 'Customer device',
    };
    fireEvent.click(screen.getByRole('radio', { name: new RegExp(`^${labels[kind]}`) }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText(STOP_TOASTS[kind])).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ kind, note: '' });
  });
});

describe('ExchangeDeviceDialog', () => {
  const stock = administeredDevice({
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Lagerur 7',
    imei: '490154203237518',
    physicalLocation: 1,
    citizenId: null,
  });
  const candidates = (call: { method: string; path: string }) =>
    call.method === 'GET' && call.path.includes('/exchange-candidates')
      ? Response.json({ items: [stock], totalCount: 1 })
      : undefined;

  it('exchanges for the chosen stock watch and toasts it', async () => {
    const calls = stubApi(candidates, (call) =>
      call.method === 'POST'
        ? Response.json({ previous: administeredDevice({ physicalLocation: 5 }), replacement: stock })
        : undefined,
    );
    await renderWithApp(<ExchangeDeviceDialog device={administeredDevice()} onClose={() => {}} />);
    expect(screen.getByText(/Karen Holm gets the chosen watch/)).toBeTruthy();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Replacement from stock' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lagerur 7 (490154203237518)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exchange now' }));
    expect(await screen.findByText('Karens ur was exchanged for Lagerur 7.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      replacementDeviceId: stock.id,
      note: '',
    });
  });

  it('shows the field error of a refused replacement and says nothing changed', async () => {
    stubApi(
      candidates,
      refuseWith('POST', {
        field: 'replacementDeviceId',
        message: 'deviceAdministration:refused.replacementHasSubscription',
      }),
    );
    await renderWithApp(<ExchangeDeviceDialog device={administeredDevice()} onClose={() => {}} />);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Replacement from stock' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lagerur 7 (490154203237518)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exchange now' }));
    expect(await screen.findByText(/The exchange failed; nothing was changed/)).toBeTruthy();
    expect(screen.getAllByText(/still has a subscription of its own/).length).toBeGreaterThan(0);
  });

  it('tells when no stock watch is ready', async () => {
    stubApi((call) =>
      call.path.includes('/exchange-candidates') ? Response.json({ items: [], totalCount: 0 }) : undefined,
    );
    await renderWithApp(<ExchangeDeviceDialog device={administeredDevice()} onClose={() => {}} />);
    expect(await screen.findByText('There is no watch in stock that is ready for sale.')).toBeTruthy();
  });
});
