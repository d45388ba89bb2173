import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandTemplate, DeviceCommand, DeviceTerminal } from '@homeward/contracts';
import { emitRealtimeEvents } from '../../../app/realtime/realtime-events';
import { renderWithApp, stubApi } from '../../../components/crud/crud-test-harness';
import { DeviceTerminalPage } from './device-terminal-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEVICE_ID = '0192f0c0-0000-7000-8000-000000000001';
const PRODUCT_ID = '0192f0c0-0000-7000-8000-000000000002';
const TEMPLATE_ID = '0192f0c0-0000-7000-8000-000000000003';
const COMMAND_ID = '0192f0c0-0000-7000-8000-000000000004';

const terminal: DeviceTerminal = {
  id: DEVICE_ID,
  name: 'Inges ur',
  imei: '359339075017172',
  deviceIdentifier: '4700186508',
  productId: PRODUCT_ID,
  productName: 'G75',
  status: 'online',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  batteryLevel: 77,
  phoneNumber: '+4512345678',
  protocol: 'watch',
  connected: true,
  hasMqttSecret: false,
};
const template: CommandTemplate = {
  id: TEMPLATE_ID,
  tenantId: null,
  name: 'Upload interval',
  description: 'How often the watch reports',
  commandText: 'UPLOAD,%{seconds}',
  productId: PRODUCT_ID,
  productName: 'G75',
  variables: [{ name: 'seconds', inputType: 'number', example: '600' }],
  isTextMessage: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const queued: DeviceCommand = {
  id: COMMAND_ID,
  deviceId: DEVICE_ID,
  command: 'CR',
  status: 'queued',
  channel: null,
  templateId: null,
  templateName: null,
  failureReason: null,
  createdAt: '2026-11-23T10:01:00.000Z',
  sentAt: null,
  acknowledgedAt: null,
  failedAt: null,
};

function stubTerminalApi(sendResponses: Response[]) {
  return stubApi((call) => {
    if (call.path === `/api/devices/${DEVICE_ID}/terminal`) return Response.json(terminal);
    if (call.path === `/api/command-templates?productId=${PRODUCT_ID}&maxResultCount=100`) {
      return Response.json({ items: [template], totalCount: 1 });
    }
    if (call.method === 'GET' && call.path.startsWith(`/api/devices/${DEVICE_ID}/commands?`)) {
      return Response.json({ items: [queued], totalCount: 1 });
    }
    if (call.method === 'POST' && call.path === `/api/devices/${DEVICE_ID}/commands`)
      return sendResponses.shift();
    if (call.method === 'POST' && call.path === `/api/devices/${DEVICE_ID}/request-position`) {
      return Response.json({ ...queued, id: '0192f0c0-0000-7000-8000-000000000005' }, { status: 201 });
    }
    return undefined;
  });
}

const renderTerminal = (permissions: string[]) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/devices/${DEVICE_ID}/terminal`]}>
      <Routes>
        <Route path="/devices/:id/terminal" element={<DeviceTerminalPage />} />
      </Routes>
    </MemoryRouter>,
    { permissions },
  );

describe('DeviceTerminalPage', { timeout: 20_000 }, () => {
  it('sends a command from a template, showing the field errors the server gives', async () => {
    const calls = stubTerminalApi([
      Response.json(
        {
          error: {
            code: 'validation_failed',
            message: 'Validation failed',
            validationErrors: [{ field: 'values.seconds', message: 'commandTemplates:variableValueInvalid' }],
          },
        },
        { status: 400 },
      ),
      Response.json({ ...queued, command: 'UPLOAD,300', templateName: template.name }, { status: 201 }),
    ]);
    await renderTerminal(['Homeward.Devices', 'Homeward.Devices.SendCommand']);
    expect((await screen.findByTestId('screen-title')).textContent).toBe('Terminal: Inges ur');
    const info = screen.getByTestId('terminal-info');
    expect(info.textContent).toContain('359339075017172');
    expect(info.textContent).toContain('G75');
    expect(info.textContent).toContain('+4512345678');
    expect(screen.getByTestId('terminal-connected').textContent).toBe('Connected now');
    // Sending needs SendCommand only; the requests need RequestPosition.
    expect(screen.queryByTestId('terminal-request-position')).toBeNull();

    fireEvent.mouseDown(within(await screen.findByTestId('terminal-send')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Upload interval' }));
    const seconds = await screen.findByTestId('terminal-value-seconds');
    expect(seconds.getAttribute('placeholder')).toBe('600');
    fireEvent.change(seconds, { target: { value: 'soon' } });
    expect(screen.getByTestId('terminal-preview').textContent).toBe('Command: UPLOAD,soon');
    fireEvent.click(screen.getByTestId('terminal-send-button'));
    expect(await screen.findByText(/^The command could not be sent/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('terminal-value-seconds').getAttribute('aria-invalid')).toBe('true'),
    );

    fireEvent.change(screen.getByTestId('terminal-value-seconds'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('terminal-send-button'));
    expect(await screen.findByText('Command queued')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { templateId: TEMPLATE_ID, values: { seconds: 'soon' } },
      { templateId: TEMPLATE_ID, values: { seconds: '300' } },
    ]);
  });

  it('requests a position, and follows pushed command states in the history', async () => {
    const calls = stubTerminalApi([]);
    await renderTerminal(['Homeward.Devices', 'Homeward.Devices.RequestPosition']);
    const state = await screen.findByTestId(`terminal-state-${COMMAND_ID}`);
    expect(state.textContent).toBe('Queued');
    expect(screen.queryByTestId('terminal-send')).toBeNull();

    act(() =>
      emitRealtimeEvents([
        {
          type: 'deviceCommand',
          tenantId: null,
          organizationId: null,
          deviceId: DEVICE_ID,
          commandId: COMMAND_ID,
          status: 'acknowledged',
          at: '2026-11-23T10:01:05.000Z',
        },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId(`terminal-state-${COMMAND_ID}`).textContent).toBe('Acknowledged'),
    );

    fireEvent.click(screen.getByTestId('terminal-request-position'));
    expect(await screen.findByText('Position requested')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/request-position'))).toBe(
      true,
    );
  });

  it('issues an MQTT secret after a confirmation and shows it once', async () => {
    const calls = stubApi((call) => {
      if (call.path === `/api/devices/${DEVICE_ID}/terminal`) return Response.json(terminal);
      if (call.method === 'POST' && call.path === `/api/devices/${DEVICE_ID}/mqtt-secret`) {
        return Response.json({ userName: terminal.imei, secret: 's3cr3t-once' }, { status: 201 });
      }
      if (call.path.startsWith(`/api/devices/${DEVICE_ID}/commands?`)) {
        return Response.json({ items: [], totalCount: 0 });
      }
      return undefined;
    });
    await renderTerminal(['Homeward.Devices', 'Homeward.Devices.Edit']);
    expect((await screen.findByTestId('terminal-info')).textContent).toContain('MQTT secretNone');
    fireEvent.click(screen.getByTestId('terminal-mqtt-secret'));
    expect(screen.getByTestId('mqtt-secret-confirm').textContent).toContain('shown once');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('mqtt-secret-confirm-button'));
    const secret = await screen.findByTestId('mqtt-secret-value');
    expect((secret as HTMLInputElement).value).toBe('s3cr3t-once');
    expect(await screen.findByText('MQTT secret issued')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/devices/${DEVICE_ID}/mqtt-secret`,
    ]);
  });

  it('offers no MQTT secret without Devices.Edit', async () => {
    stubTerminalApi([]);
    await renderTerminal(['Homeward.Devices']);
    await screen.findByTestId('terminal-info');
    expect(screen.queryByTestId('terminal-mqtt-secret')).toBeNull();
  });

  it('says so when the device is not there', async () => {
    stubApi(() => undefined);
    await renderTerminal(['Homeward.Devices']);
    expect(await screen.findByTestId('terminal-not-found')).toBeTruthy();
  });
});
