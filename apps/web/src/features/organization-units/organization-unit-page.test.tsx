import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationUnit } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { identityUser } from '../identity-users/identity-user-test-data';
import { OrganizationUnitPage } from './organization-unit-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const unit = (id: string, code: string, displayName: string, parentId: string | null): OrganizationUnit => ({
  id,
  parentId,
  code,
  displayName,
  memberCount: 1,
  roleCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const NORTH = '10000000-0000-4000-8000-000000000001';
const EAST = '10000000-0000-4000-8000-000000000002';
const SOUTH = '10000000-0000-4000-8000-000000000003';
const USER = '20000000-0000-4000-8000-000000000001';
/** The user the add-members dialog offers. */
const BO = identityUser({ id: USER.replace(/1$/, '2'), userName: 'bo', name: null, email: 'bo@example.com' });
const UNITS = [
  unit(NORTH, '00001', 'North', null),
  unit(EAST, '00001.00001', 'East', NORTH),
  unit(SOUTH, '00002', 'South', null),
];
const PATH = '/api/identity/organization-units';

function stubUnits(extra?: (call: RecordedCall) => Response | undefined) {
  return stubApi(
    (call) => extra?.(call),
    (call) => {
      if (call.path === PATH && call.method === 'GET') return Response.json({ items: UNITS });
      if (call.path.startsWith(`${PATH}/${NORTH}/members?`)) {
        return Response.json({
          items: [{ id: USER, userName: 'anna', name: 'Anna', email: 'anna@example.com' }],
          totalCount: 1,
        });
      }
      if (call.path.startsWith('/api/identity/users?')) {
        return Response.json({ items: [BO], totalCount: 1 });
      }
      // A unit's PUT (rename, move) answers the unit; member and role writes and deletes answer 204.
      const saved = UNITS.find((item) => call.path.startsWith(`${PATH}/${item.id}`));
      if (call.method === 'PUT' && saved) return Response.json(saved);
      if (call.method !== 'GET') return new Response(null, { status: 204 });
      return undefined;
    },
  );
}

const ALL = [
  'Homeward.OrganizationUnits',
  'Homeward.OrganizationUnits.Create',
  'Homeward.OrganizationUnits.Edit',
  'Homeward.OrganizationUnits.Delete',
  'Homeward.OrganizationUnits.ManageMembers',
  'Homeward.OrganizationUnits.ManageRoles',
];

// Screens with a DataGrid and dialogs render slowly in jsdom on a shared machine.
describe('OrganizationUnitPage', { timeout: 20_000 }, () => {
  it('shows the tree and the members of the selected unit, and adds and removes members', async () => {
    const calls = stubUnits();
    await renderWithApp(<OrganizationUnitPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('ou-node-North'));
    expect(screen.getByTestId('ou-node-East')).toBeTruthy();
    expect(await screen.findByText('anna')).toBeTruthy();

    fireEvent.click(screen.getByTestId('ou-add-members'));
    fireEvent.click(await screen.findByTestId('ou-add-members-dialog-option-bo'));
    fireEvent.click(screen.getByTestId('ou-add-members-dialog-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: `${PATH}/${NORTH}/members`,
      body: { userIds: [USER.replace(/1$/, '2')] },
    });

    fireEvent.click(screen.getByTestId('ou-remove-member-anna'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(`${PATH}/${NORTH}/members/${USER}`),
    );
  });

  it('says why a unit with children cannot be deleted', async () => {
    stubUnits((call) =>
      call.method === 'DELETE'
        ? Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid',
                validationErrors: [{ field: 'id', message: 'identity:organizationUnitHasChildren' }],
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    await renderWithApp(<OrganizationUnitPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('ou-actions-North'));
    fireEvent.click(await screen.findByTestId('ou-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Could not delete the organization unit: The organization unit has child units; move or delete them first',
    );
  });

  it('moves a unit, offering neither itself nor its descendants as the new parent', async () => {
    const calls = stubUnits();
    await renderWithApp(<OrganizationUnitPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('ou-actions-North'));
    fireEvent.click(await screen.findByTestId('ou-move'));
    const select = (await screen.findByTestId('ou-move-parent')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Top level', 'South']);
    fireEvent.change(select, { target: { value: SOUTH } });
    fireEvent.click(within(screen.getByTestId('ou-move-dialog')).getByTestId('ou-move-save'));
    expect((await screen.findByTestId('notification')).textContent).toContain('The unit was moved.');
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `${PATH}/${NORTH}/move`,
      body: { newParentId: SOUTH },
    });
  });

  it('offers no unit commands and no member management to a reader', async () => {
    stubUnits();
    await renderWithApp(<OrganizationUnitPage />, { permissions: ['Homeward.OrganizationUnits'] });
    fireEvent.click(await screen.findByTestId('ou-node-North'));
    await screen.findByText('anna');
    expect(screen.queryByTestId('ou-actions-North')).toBeNull();
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('ou-add-members')).toBeNull();
  });
});
