import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { administeredDevice } from './device-administration-test-support';
import { PhysicalLocationForm } from './physical-location-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openTargets() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Move to' }));
  return within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('PhysicalLocationForm', () => {
  it('offers only the moves the transition table allows from the current location', async () => {
    stubApi();
    await renderWithApp(<PhysicalLocationForm device={administeredDevice()} readOnly={false} />);
    expect(screen.getByTestId('current-location').textContent).toContain('At customer');
    expect(await openTargets()).toEqual(['Being repaired', 'Awaiting return', 'In stock', 'Written off']);
  });

  it('moves the watch and says so', async () => {
    const calls = stubApi((call) =>
      call.method === 'PUT' ? Response.json(administeredDevice({ physicalLocation: 5 })) : undefined,
    );
    await renderWithApp(<PhysicalLocationForm device={administeredDevice()} readOnly={false} />);
    await openTargets();
    fireEvent.click(screen.getByRole('option', { name: 'Awaiting return' }));
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Customer moved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('The device was moved to Awaiting return.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/device-administration/devices/00000000-0000-4000-8000-000000000001/location',
      body: { to: 5, note: 'Customer moved' },
    });
  });

  it('shows the translated reason of a refused move', async () => {
    stubApi((call) =>
      call.method === 'PUT'
        ? Response.json(
            { error: { code: 'conflict', message: 'deviceAdministration:refused.fromWrittenOff' } },
            { status: 409 },
          )
        : undefined,
    );
    await renderWithApp(
      <PhysicalLocationForm
        device={administeredDevice({ physicalLocation: 6, allowedLocations: [3] })}
        readOnly={false}
      />,
    );
    expect(await openTargets()).toEqual(['Being repaired']);
    fireEvent.click(screen.getByRole('option', { name: 'Being repaired' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText(
        'The device could not be moved: A written-off device is final: it can only be sent for repair.',
      ),
    ).toBeTruthy();
  });

  it('shows no move for a read-only view', async () => {
    stubApi();
    await renderWithApp(<PhysicalLocationForm device={administeredDevice()} readOnly />);
    expect(screen.queryByRole('combobox', { name: 'Move to' })).toBeNull();
  });
});
