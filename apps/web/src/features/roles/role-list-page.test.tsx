import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { RoleListPage } from './role-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const role = (id: string, name: string, isStatic: boolean): Role => ({
  id,
  name,
  isDefault: false,
  isPublic: true,
  isStatic,
  userCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ROLES = [
  role('11111111-1111-4111-8111-111111111111', 'admin', true),
  role('22222222-2222-4222-8222-222222222222', 'Nurses', false),
];

function stubRoles() {
  return stubApi((call) => {
    if (call.path.startsWith('/api/identity/roles?')) return Response.json({ items: ROLES, totalCount: 2 });
    if (call.path.startsWith('/api/permission-management/permissions')) {
      return Response.json({ entityDisplayName: 'Nurses', groups: [] });
    }
    return undefined;
  });
}

const EVERYTHING = [
  'Homeward.Roles',
  'Homeward.Roles.Create',
  'Homeward.Roles.Edit',
  'Homeward.Roles.Delete',
  'Homeward.Roles.ManagePermissions',
];

// Screens with a DataGrid and dialogs render slowly in jsdom on a shared machine.
describe('RoleListPage', { timeout: 20_000 }, () => {
  it('marks static roles with a lock and offers no delete for them', async () => {
    stubRoles();
    await renderWithApp(<RoleListPage />, { permissions: EVERYTHING });
    await screen.findByText('Nurses');
    expect(screen.getByTestId('role-static-admin')).toBeTruthy();
    expect(screen.queryByTestId('role-static-Nurses')).toBeNull();
    expect(screen.queryByTestId('crud-delete-admin')).toBeNull();
    expect(screen.getByTestId('crud-delete-Nurses')).toBeTruthy();
  });

  it('sorts only by the fields the roles endpoint supports', async () => {
    const calls = stubRoles();
    await renderWithApp(<RoleListPage />, { permissions: EVERYTHING });
    await screen.findByText('Nurses');
    fireEvent.click(screen.getByText('Users'));
    fireEvent.click(screen.getByText('Name'));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toBe('/api/identity/roles?skipCount=0&maxResultCount=10&sorting=name+asc'),
    );
    expect(calls.some((call) => call.path.includes('sorting=userCount'))).toBe(false);
  });

  it('opens the grant dialog of a role from its permissions action', async () => {
    const calls = stubRoles();
    await renderWithApp(<RoleListPage />, { permissions: EVERYTHING });
    fireEvent.click(await screen.findByTestId('role-permissions-Nurses'));
    const dialog = await screen.findByTestId('permission-grant-dialog');
    expect(await within(dialog).findByText('Permissions of Nurses')).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain(
      '/api/permission-management/permissions?providerName=R&providerKey=22222222-2222-4222-8222-222222222222',
    );
  });

  it('shows the permissions action only to users who may manage permissions', async () => {
    stubRoles();
    await renderWithApp(<RoleListPage />, { permissions: ['Homeward.Roles', 'Homeward.Roles.Edit'] });
    await screen.findByText('Nurses');
    expect(screen.queryByTestId('role-permissions-Nurses')).toBeNull();
    expect(screen.getByTestId('crud-edit-Nurses')).toBeTruthy();
  });
});
