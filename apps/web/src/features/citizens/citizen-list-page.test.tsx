import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CitizenListItem } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { CitizenListPage } from './citizen-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KAREN: CitizenListItem = {
  id: '60000000-0000-4000-8000-000000000001',
  tenantId: null,
  name: 'Karen',
  surname: 'Jensen',
  cprMasked: '010150-XXXX',
  city: 'Aarhus',
  organizationId: '10000000-0000-4000-8000-000000000001',
  organizationName: 'Team Strandvejen',
  deviceCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const ALL = ['Homeward.Citizens', 'Homeward.Citizens.Create', 'Homeward.Citizens.Delete'];

async function renderList(permissions = ALL) {
  const calls = stubApi((call) => {
    if (call.path.startsWith('/api/citizens?')) return Response.json({ items: [KAREN], totalCount: 1 });
    if (call.method === 'DELETE') return new Response(null, { status: 204 });
    if (call.path.startsWith('/api/citizens/available-devices')) {
      return Response.json({ items: [], totalCount: 0 });
    }
    return undefined;
  });
  const router = createMemoryRouter([{ path: '/', element: <CitizenListPage /> }]);
  await renderWithApp(<RouterProvider router={router} />, { permissions });
  return calls;
}

describe('CitizenListPage', { timeout: 20_000 }, () => {
  it('asks the server for the first page and shows the CPR masked', async () => {
    const calls = await renderList();
    expect(await screen.findByTestId('citizen-link-Karen Jensen')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/citizens?skipCount=0&maxResultCount=10');
    expect(screen.getByText('010150-XXXX')).toBeTruthy();
    expect(screen.getByTestId('citizen-link-Karen Jensen').getAttribute('href')).toBe(
      `/citizens/${KAREN.id}`,
    );
  });

  it('opens the wizard from Create', async () => {
    await renderList();
    fireEvent.click(await screen.findByTestId('crud-create'));
    expect(await screen.findByTestId('citizen-wizard-step-information')).toBeTruthy();
  });

  it('deletes after the confirmation', async () => {
    const calls = await renderList();
    fireEvent.click(await screen.findByTestId('crud-delete-Karen Jensen'));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`/api/citizens/${KAREN.id}`);
  });

  it('hides Create and Delete without their permissions', async () => {
    await renderList(['Homeward.Citizens']);
    await screen.findByTestId('citizen-link-Karen Jensen');
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('crud-delete-Karen Jensen')).toBeNull();
  });
});
