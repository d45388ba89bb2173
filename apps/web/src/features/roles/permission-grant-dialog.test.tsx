import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PermissionGrantsResponse } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { PermissionGrantDialog } from './permission-grant-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROLE_ID = '11111111-1111-4111-8111-111111111111';
const PATH = `/api/permission-management/permissions?providerName=R&providerKey=${ROLE_ID}`;

const grant = (name: string, parentName: string | null, isGranted = false) => ({
  name,
  displayKey: `permissions:${name.replace(/^Homeward\./, '')}`,
  parentName,
  isGranted,
  grantedProviders: [],
});
const GRANTS: PermissionGrantsResponse = {
  entityDisplayName: 'Nurses',
  groups: [
    {
      name: 'Homeward.Devices',
      displayKey: 'permissions:Devices',
      permissions: [
        grant('Homeward.Devices', null),
        grant('Homeward.Devices.Create', 'Homeward.Devices'),
        grant('Homeward.Devices.Delete', 'Homeward.Devices'),
      ],
    },
    {
      name: 'Homeward.Roles',
      displayKey: 'permissions:Roles',
      permissions: [
        grant('Homeward.Roles', null, true),
        grant('Homeward.Roles.Edit', 'Homeward.Roles', true),
      ],
    },
  ],
};

function stubGrants(putStatus = 204) {
  return stubApi((call) => {
    if (call.path !== PATH) return undefined;
    if (call.method === 'GET') return Response.json(GRANTS);
    return putStatus === 204
      ? new Response(null, { status: 204 })
      : Response.json(
          { error: { code: 'forbidden', message: 'You do not have permission to do this' } },
          { status: putStatus },
        );
  });
}

const box = (name: string) => screen.getByTestId(`permission-${name}`) as HTMLInputElement;

// Screens with a DataGrid and dialogs render slowly in jsdom on a shared machine.
describe('PermissionGrantDialog', { timeout: 20_000 }, () => {
  it('shows the grants with translated names, checks parents with children, and saves the changes', async () => {
    const calls = stubGrants();
    const onClose = vi.fn();
    await renderWithApp(
      <PermissionGrantDialog
        query={{ providerName: 'R', providerKey: ROLE_ID }}
        name="Nurses"
        onClose={onClose}
      />,
    );
    await screen.findByTestId('permission-Homeward.Devices');
    expect(screen.getByText('Permissions of Nurses')).toBeTruthy();
    expect(screen.getByText('Devices')).toBeTruthy();
    expect(box('Homeward.Roles.Edit').checked).toBe(true);
    expect(box('Homeward.Devices').checked).toBe(false);

    // A child brings its parent; unchecking a parent takes its children.
    fireEvent.click(box('Homeward.Devices.Create'));
    expect(box('Homeward.Devices').checked).toBe(true);
    expect(box('Homeward.Devices.Delete').checked).toBe(false);
    fireEvent.click(box('Homeward.Roles'));
    expect(box('Homeward.Roles.Edit').checked).toBe(false);

    fireEvent.click(screen.getByTestId('permission-grants-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        path: PATH,
        body: {
          permissions: [
            { name: 'Homeward.Devices', isGranted: true },
            { name: 'Homeward.Devices.Create', isGranted: true },
            { name: 'Homeward.Roles', isGranted: false },
            { name: 'Homeward.Roles.Edit', isGranted: false },
          ],
        },
      },
    ]);
    expect(screen.getByTestId('notification').textContent).toContain('The permissions were saved.');
  });

  it('grants everything with "select all"', async () => {
    const calls = stubGrants();
    await renderWithApp(
      <PermissionGrantDialog
        query={{ providerName: 'R', providerKey: ROLE_ID }}
        name="Nurses"
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByTestId('permission-grant-all'));
    expect(box('Homeward.Devices.Delete').checked).toBe(true);
    fireEvent.click(screen.getByTestId('permission-grants-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!.body as { permissions: { name: string }[] };
    expect(put.permissions.map((p) => p.name)).toEqual([
      'Homeward.Devices',
      'Homeward.Devices.Create',
      'Homeward.Devices.Delete',
    ]);
  });

  it('shows a user’s role grants as fixed, naming the role, and leaves them out of the PUT', async () => {
    const USER_PATH = `/api/permission-management/permissions?providerName=U&providerKey=${ROLE_ID}`;
    const fromRole = [{ providerName: 'R' as const, providerKey: 'r1', displayName: 'Nurses' }];
    const calls = stubApi((call) => {
      if (call.path !== USER_PATH) return undefined;
      if (call.method === 'PUT') return new Response(null, { status: 204 });
      return Response.json({
        entityDisplayName: 'anna',
        groups: [
          {
            name: 'Homeward.Devices',
            displayKey: 'permissions:Devices',
            permissions: [
              { ...grant('Homeward.Devices', null, true), grantedProviders: fromRole },
              grant('Homeward.Devices.Create', 'Homeward.Devices'),
            ],
          },
        ],
      });
    });
    const onClose = vi.fn();
    await renderWithApp(
      <PermissionGrantDialog
        query={{ providerName: 'U', providerKey: ROLE_ID }}
        name="anna"
        onClose={onClose}
      />,
    );
    await screen.findByTestId('permission-Homeward.Devices');
    expect(box('Homeward.Devices').disabled).toBe(true);
    expect(screen.getByText('Nurses')).toBeTruthy();

    fireEvent.click(screen.getByTestId('permission-grant-all'));
    fireEvent.click(screen.getByTestId('permission-grant-all'));
    expect(box('Homeward.Devices').checked).toBe(true);
    fireEvent.click(box('Homeward.Devices.Create'));
    fireEvent.click(screen.getByTestId('permission-grants-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      permissions: [{ name: 'Homeward.Devices.Create', isGranted: true }],
    });
  });

  it('stays open and says why when saving is refused', async () => {
    stubGrants(403);
    const onClose = vi.fn();
    await renderWithApp(
      <PermissionGrantDialog
        query={{ providerName: 'R', providerKey: ROLE_ID }}
        name="Nurses"
        onClose={onClose}
      />,
    );
    fireEvent.click(await screen.findByTestId('permission-Homeward.Devices'));
    fireEvent.click(screen.getByTestId('permission-grants-save'));
    expect((await screen.findByTestId('notification')).textContent).toContain(
      'Could not save the permissions: You do not have permission to do this',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(box('Homeward.Devices').checked).toBe(true);
  });
});
