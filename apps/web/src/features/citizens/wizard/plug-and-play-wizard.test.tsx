import { cleanup, fireEvent, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi, type RecordedCall } from '../../../components/crud/crud-test-harness';
import { CitizenWizardDialog } from './citizen-wizard-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function api(call: RecordedCall) {
  if (call.path.startsWith('/api/citizens/available-devices'))
    return Response.json({ items: [], totalCount: 0 });
  if (call.path.startsWith('/api/geofences')) return Response.json({ items: [], totalCount: 0 });
  return undefined;
}

async function renderWizard(isPlugAndPlay: boolean) {
  const calls = stubApi(api);
  const router = createMemoryRouter([
    { path: '/', element: <CitizenWizardDialog onClose={() => undefined} onCreated={() => undefined} /> },
  ]);
  await renderWithApp(<RouterProvider router={router} />, {
    permissions: ['Homeward.Citizens.Create'],
    isPlugAndPlay,
  });
  return calls;
}

const field = (name: string) => screen.getByTestId(`crud-field-information.${name}`) as HTMLInputElement;

function fillPerson() {
  fireEvent.change(field('name'), { target: { value: 'Erik' } });
  fireEvent.change(field('surname'), { target: { value: 'Hansen' } });
  fireEvent.change(field('cpr'), { target: { value: '0101501234' } });
}

describe('the citizen wizard of a household', { timeout: 30_000 }, () => {
  it('asks for no organization, customer or payer, and goes on without them', async () => {
    const calls = await renderWizard(true);
    await screen.findByTestId('citizen-wizard-step-information');
    expect(screen.queryByTestId('citizen-field-organization')).toBeNull();
    expect(screen.queryByTestId('citizen-field-customer')).toBeNull();
    expect(screen.queryByTestId('crud-field-information.standardPayer')).toBeNull();
    expect(screen.queryByText(/organi[sz]ation|customer|payer/i)).toBeNull();
    fillPerson();
    fireEvent.click(screen.getByTestId('citizen-wizard-next'));
    await screen.findByTestId('citizen-wizard-step-devices');
    // The organization lookup is never asked for.
    expect(calls.some((call) => call.path.startsWith('/api/organizations'))).toBe(false);
  });

  it('still requires the organization in the municipality product', async () => {
    await renderWizard(false);
    await screen.findByTestId('citizen-wizard-step-information');
    fillPerson();
    fireEvent.click(screen.getByTestId('citizen-wizard-next'));
    expect(await screen.findByText(/organization is required/i)).toBeTruthy();
    expect(screen.getByTestId('citizen-wizard-step-information')).toBeTruthy();
  });
});
