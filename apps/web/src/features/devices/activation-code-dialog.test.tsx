import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Device } from '@homeward/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { ActivationCodeDialog } from './activation-code-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEVICE = { id: 'd1', name: 'Stock 17', imei: '490154203237518' } as Device;

describe('ActivationCodeDialog', { timeout: 30_000 }, () => {
  it('shows the box code, and a new code replaces it', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/devices/d1/activation-code') return undefined;
      return Response.json({
        deviceId: 'd1',
        activationCode: call.method === 'POST' ? 'NEWCD-23456' : 'K7MZQ-4RT9W',
      });
    });
    await renderWithApp(<ActivationCodeDialog device={DEVICE} onClose={() => {}} />, {
      permissions: ['Homeward.Devices', 'Homeward.Devices.ActivationCodes'],
    });
    expect((await screen.findByTestId('activation-code-value')).textContent).toBe('K7MZQ-4RT9W');
    fireEvent.click(screen.getByTestId('activation-code-renew'));
    expect(await screen.findByText('A new activation code was made. Print a new label.')).toBeTruthy();
    expect((await screen.findByText('NEWCD-23456')).dataset.testid).toBe('activation-code-value');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says so when the code cannot be loaded', async () => {
    stubApi();
    await renderWithApp(<ActivationCodeDialog device={DEVICE} onClose={() => {}} />, { language: 'da' });
    expect(await screen.findByText('Aktiveringskoden kunne ikke hentes')).toBeTruthy();
  });
});
