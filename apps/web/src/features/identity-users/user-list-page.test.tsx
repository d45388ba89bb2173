import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IdentityUser } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { identityUser } from './identity-user-test-data';
import { UserListPage } from './user-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER_ID = '33333333-3333-4333-8333-333333333333';
const OU_ID = '44444444-4444-4444-8444-444444444444';
const user = (overrides: Partial<IdentityUser> = {}) => identityUser({ id: USER_ID, ...overrides });
const role = (name: string) => ({
  id: crypto.randomUUID(),
  name,
  isDefault: false,
  isPublic: true,
  isStatic: false,
});

function stubUsers(listed: IdentityUser) {
  return stubApi((call) => {
    // Every user PUT answers the saved user, except the password's (204).
    if (call.method === 'PUT' && call.path.endsWith('/password')) return new Response(null, { status: 204 });
    if (call.method === 'PUT') return Response.json(listed);
    if (call.path.startsWith('/api/identity/users?'))
      return Response.json({ items: [listed], totalCount: 1 });
    if (call.path === '/api/identity/users/assignable-roles') {
      return Response.json({ items: [role('Nurses'), role('Drivers')] });
    }
    if (call.path === `/api/identity/users/${USER_ID}/roles`)
      return Response.json({ items: [role('Nurses')] });
    if (call.path === '/api/identity/organization-units') {
      return Response.json({
        items: [
          {
            id: OU_ID,
            parentId: null,
            code: '00001',
            displayName: 'North',
            memberCount: 1,
            roleCount: 0,
            createdAt: '',
          },
        ],
      });
    }
    if (call.path === `/api/identity/users/${USER_ID}/organization-units`) {
      return Response.json({ items: [{ id: OU_ID, parentId: null, code: '00001', displayName: 'North' }] });
    }
    return undefined;
  });
}

const ALL = [
  'Homeward.Users',
  'Homeward.Users.Create',
  'Homeward.Users.Edit',
  'Homeward.Users.Delete',
  'Homeward.Users.Lock',
];

// Screens with a DataGrid and dialogs render slowly in jsdom on a shared machine.
describe('UserListPage', { timeout: 20_000 }, () => {
  it('edits roles and two-factor, and keeps the user’s organization units', async () => {
    const calls = stubUsers(user());
    await renderWithApp(<UserListPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('crud-edit-anna'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    const nurses = (await within(dialog).findByTestId('crud-field-roleNames-Nurses')) as HTMLInputElement;
    expect(nurses.checked).toBe(true);
    expect(within(dialog).queryByTestId('crud-field-password')).toBeNull();
    const north = (await within(dialog).findByTestId(
      `crud-field-organizationUnitIds-${OU_ID}`,
    )) as HTMLInputElement;
    expect(north.checked).toBe(true);

    fireEvent.click(within(dialog).getByTestId('crud-field-roleNames-Drivers'));
    fireEvent.click(within(dialog).getByTestId('crud-field-twoFactorEnabled'));
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/identity/users/${USER_ID}`,
      body: {
        userName: 'anna',
        name: 'Anna Berg',
        email: 'anna@example.com',
        phoneNumber: '',
        isActive: true,
        lockoutEnabled: true,
        twoFactorEnabled: true,
        roleNames: ['Nurses', 'Drivers'],
        organizationUnitIds: [OU_ID],
      },
    });
  });

  it('checks the password rule when creating a user', async () => {
    const calls = stubUsers(user());
    await renderWithApp(<UserListPage />, { permissions: ALL });
    fireEvent.click(await screen.findByTestId('crud-create'));
    const dialog = await screen.findByTestId('crud-form-dialog');
    fireEvent.change(within(dialog).getByTestId('crud-field-userName'), { target: { value: 'bo' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-email'), { target: { value: 'bo@example.com' } });
    fireEvent.change(within(dialog).getByTestId('crud-field-password'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    expect(await within(dialog).findByText('User name must be at least 3 characters')).toBeTruthy();
    expect(within(dialog).getByText('Password must be at least 10 characters')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('locks an unlocked user until unlocked, and unlocks a locked one', async () => {
    const calls = stubUsers(user());
    await renderWithApp(<UserListPage />, { permissions: ALL });
    expect(screen.queryByTestId('user-unlock-anna')).toBeNull();
    fireEvent.click(await screen.findByTestId('user-lock-anna'));
    fireEvent.click(await screen.findByTestId('lock-user-confirm'));
    expect((await screen.findByTestId('notification')).textContent).toContain('The user was locked.');
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/identity/users/${USER_ID}/lock`,
      body: { lockoutEnd: null },
    });
    cleanup();

    const lockedCalls = stubUsers(user({ isLockedOut: true, lockoutEnd: '2099-01-01T00:00:00.000Z' }));
    await renderWithApp(<UserListPage />, { permissions: ALL });
    expect(await screen.findByText('Locked')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-unlock-anna'));
    await waitFor(() =>
      expect(lockedCalls.find((call) => call.method === 'PUT')?.path).toBe(
        `/api/identity/users/${USER_ID}/unlock`,
      ),
    );
  });

  it('hides lock and password actions from a user who may only read', async () => {
    stubUsers(user());
    await renderWithApp(<UserListPage />, { permissions: ['Homeward.Users'] });
    await screen.findByText('anna');
    expect(screen.queryByTestId('user-lock-anna')).toBeNull();
    expect(screen.queryByTestId('user-set-password-anna')).toBeNull();
    expect(screen.queryByTestId('crud-create')).toBeNull();
  });
});
