import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CitizenListItem, Geofence } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { GeofenceCitizensDialog } from './geofence-citizens-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FENCE = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Plejecenter Solbakken',
} as Geofence;
const INGE: CitizenListItem = {
  id: '22222222-2222-4222-8222-222222222222',
  tenantId: null,
  organizationId: '33333333-3333-4333-8333-333333333333',
  name: 'Inge',
  surname: 'Jensen',
  cprMasked: '010145-XXXX',
  city: 'Aarhus',
  organizationName: 'Team Strandvejen',
  deviceCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('GeofenceCitizensDialog', () => {
  it('lists the citizens of the geofence from the server, masked, each linking to their page', async () => {
    const calls = stubApi((call) =>
      call.path.startsWith(`/api/geofences/${FENCE.id}/citizens?`)
        ? Response.json({ items: [INGE], totalCount: 1 })
        : undefined,
    );
    await renderWithApp(
      <MemoryRouter>
        <GeofenceCitizensDialog geofence={FENCE} onClose={() => {}} />
      </MemoryRouter>,
      { permissions: ['Homeward.Geofences', 'Homeward.Citizens'] },
    );
    expect(screen.getByText('Citizens in Plejecenter Solbakken')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Inge Jensen' });
    expect(link.getAttribute('href')).toBe(`/citizens/${INGE.id}`);
    expect(screen.getByText('010145-XXXX')).toBeTruthy();
    expect(calls[0]?.path).toContain('skipCount=0');
  });
});
