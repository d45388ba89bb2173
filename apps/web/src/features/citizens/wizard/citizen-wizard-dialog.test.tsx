import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DEVICE_APP_SETTINGS, type AvailableDevice } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../../components/crud/crud-test-harness';
import { testCitizen } from '../detail/citizen-page-test-data';
import { CitizenWizardDialog } from './citizen-wizard-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORGANIZATION_ID = '10000000-0000-4000-8000-000000000001';
const FENCE_ID = '20000000-0000-4000-8000-000000000001';
const watch = (n: number, name: string): AvailableDevice => ({
  id: `30000000-0000-4000-8000-00000000000${n}`,
  name,
  imei: `35000000000000${n}`,
  status: 'online',
  productName: 'Homeward Watch 4G',
  organizationName: 'Demo Kommune',
  defaultSettings: { ...DEFAULT_DEVICE_APP_SETTINGS, positionIntervalSeconds: 120 },
});
const WATCHES = [watch(1, 'Watch Anna'), watch(2, 'Watch Bo')];

function api(call: RecordedCall) {
  if (call.path.startsWith('/api/citizens/available-devices')) {
    return Response.json({ items: WATCHES, totalCount: WATCHES.length });
  }
  if (call.path.startsWith('/api/organizations/lookup')) {
    return Response.json({ items: [{ id: ORGANIZATION_ID, displayName: 'Demo Kommune' }], totalCount: 1 });
  }
  if (call.path.startsWith('/api/geofences')) {
    const geometry = { kind: 'circle', center: { lat: 56.15, lon: 10.2 }, radiusMeters: 200 };
    return Response.json({
      items: [
        {
          id: FENCE_ID,
          name: 'Home',
          kind: 'circle',
          geometry,
          description: null,
          boundingBox: { minLat: 56.148, minLon: 10.197, maxLat: 56.152, maxLon: 10.203 },
          tenantId: null,
          createdAt: '2026-11-01T10:00:00.000Z',
          updatedAt: '2026-11-01T10:00:00.000Z',
        },
      ],
      totalCount: 1,
    });
  }
  if (call.method === 'POST' && call.path === '/api/citizens/wizard') {
    return Response.json({ ...testCitizen(), name: 'Karen', surname: 'Jensen' }, { status: 201 });
  }
  return undefined;
}

async function renderWizard(language = 'en') {
  const onCreated = vi.fn();
  const calls = stubApi(api);
  const router = createMemoryRouter([
    { path: '/', element: <CitizenWizardDialog onClose={() => undefined} onCreated={onCreated} /> },
  ]);
  await renderWithApp(<RouterProvider router={router} />, {
    permissions: ['Homeward.Citizens.Create'],
    language,
  });
  return { calls, onCreated };
}

const field = (name: string) => screen.getByTestId(`crud-field-information.${name}`) as HTMLInputElement;
const next = () => fireEvent.click(screen.getByTestId('citizen-wizard-next'));

async function fillInformation() {
  fireEvent.change(field('name'), { target: { value: 'Karen' } });
  fireEvent.change(field('surname'), { target: { value: 'Jensen' } });
  fireEvent.change(field('cpr'), { target: { value: '0101501234' } });
  fireEvent.change(field('city'), { target: { value: 'Aarhus' } });
  const organization = screen.getByTestId('citizen-field-organization');
  fireEvent.mouseDown(organization);
  fireEvent.click(await screen.findByText('Demo Kommune'));
}

describe('CitizenWizardDialog', { timeout: 30_000 }, () => {
  it('keeps every step on Back, moves a watch with Add and posts the whole wizard on Finish', async () => {
    const { calls, onCreated } = await renderWizard();
    await fillInformation();
    next();

    // Step 2: the Add button is the keyboard- and pointer-free way to the active panel.
    await screen.findByTestId('citizen-wizard-step-devices');
    fireEvent.click(await screen.findByTestId('citizen-device-add-Watch Bo'));
    const active = screen.getByTestId('citizen-devices-active');
    expect(within(active).getByText('Watch Bo')).toBeTruthy();
    expect(within(screen.getByTestId('citizen-devices-available')).queryByText('Watch Bo')).toBeNull();

    // The draggable handle (name and IMEI) and the Add/Remove button sit side by side, so the
    // button is not a control hidden inside another.
    const handle = screen.getByTestId('citizen-device-Watch Anna');
    expect(handle.getAttribute('role')).toBe('button');
    expect(handle.textContent).toContain('Watch Anna');
    expect(handle.contains(screen.getByTestId('citizen-device-add-Watch Anna'))).toBe(false);

    // Back to step 1 and forward again: nothing entered is lost.
    fireEvent.click(screen.getByTestId('citizen-wizard-back'));
    await screen.findByTestId('citizen-wizard-step-information');
    expect(field('name').value).toBe('Karen');
    expect(field('cpr').value).toBe('0101501234');
    expect((screen.getByTestId('citizen-field-organization') as HTMLInputElement).value).toBe('Demo Kommune');
    next();
    await screen.findByTestId('citizen-wizard-step-devices');
    expect(within(screen.getByTestId('citizen-devices-active')).getByText('Watch Bo')).toBeTruthy();
    next();

    // Step 3: the product's defaults, changed for this citizen.
    await screen.findByTestId('citizen-wizard-step-settings');
    const interval = screen.getByTestId(
      'crud-field-deviceSettings.0.settings.positionIntervalSeconds',
    ) as HTMLInputElement;
    expect(interval.value).toBe('120');
    fireEvent.change(interval, { target: { value: '60' } });
    next();

    await screen.findByTestId('citizen-wizard-step-geofence');
    fireEvent.click(await screen.findByTestId('citizen-geofence-Home'));
    fireEvent.click(screen.getByTestId('citizen-wizard-finish'));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      information: {
        name: 'Karen',
        surname: 'Jensen',
        cpr: '0101501234',
        address: '',
        zipCode: '',
        city: 'Aarhus',
        organizationId: ORGANIZATION_ID,
        specificCustomerId: null,
        standardPayer: 'municipality',
      },
      deviceIds: [WATCHES[1]!.id],
      deviceSettings: [
        {
          deviceId: WATCHES[1]!.id,
          settings: { ...DEFAULT_DEVICE_APP_SETTINGS, positionIntervalSeconds: 60 },
        },
      ],
      geofenceIds: [FENCE_ID],
      newGeofence: null,
    });
  });

  it('stays on the information step with the CPR message for an impossible date', async () => {
    const { calls } = await renderWizard();
    await fillInformation();
    fireEvent.change(field('cpr'), { target: { value: '3102501234' } });
    next();
    expect(
      await screen.findByText("The CPR number's first six digits must be a real date (DDMMYY)"),
    ).toBeTruthy();
    expect(screen.getByTestId('citizen-wizard-step-information')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says the CPR rule in Danish', async () => {
    await renderWizard('da');
    fireEvent.change(field('cpr'), { target: { value: '3102501234' } });
    next();
    expect(
      await screen.findByText('CPR-nummerets første seks cifre skal være en gyldig dato (DDMMÅÅ)'),
    ).toBeTruthy();
    expect(screen.getByText('Ny borger')).toBeTruthy();
  });

  it('takes a server field error back to its step and field', async () => {
    await renderWizard();
    // The server refuses the CPR only once everything is sent.
    stubApi((call) =>
      call.method === 'POST'
        ? Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Validation failed',
                validationErrors: [{ field: 'information.cpr', message: 'citizens:cprTaken' }],
              },
            },
            { status: 400 },
          )
        : api(call),
    );
    await fillInformation();
    next();
    await screen.findByTestId('citizen-wizard-step-devices');
    next();
    await screen.findByTestId('citizen-wizard-step-settings');
    next();
    await screen.findByTestId('citizen-wizard-step-geofence');
    fireEvent.click(screen.getByTestId('citizen-wizard-finish'));
    await screen.findByTestId('citizen-wizard-step-information');
    expect(await screen.findAllByText('A citizen with this CPR number already exists')).not.toHaveLength(0);
  });
});

describe('CitizenWizardDialog leaving', { timeout: 20_000 }, () => {
  it('asks before closing with input, and stays on Stay', async () => {
    await renderWizard();
    fireEvent.change(field('name'), { target: { value: 'Karen' } });
    fireEvent.click(screen.getByTestId('citizen-wizard-cancel'));
    expect(await screen.findByText('Leave the wizard?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('citizen-leave-stay'));
    await waitFor(() => expect(screen.queryByText('Leave the wizard?')).toBeNull());
    expect(field('name').value).toBe('Karen');
  });
});
