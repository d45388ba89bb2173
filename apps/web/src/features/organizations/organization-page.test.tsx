import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Organization } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { OrganizationPage } from './organization-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NORTH = '10000000-0000-4000-8000-000000000001';
const TEAM = '10000000-0000-4000-8000-000000000002';
const organization = (id: string, displayName: string, parent: Organization | null, childCount = 0) => ({
  id,
  parentId: parent?.id ?? null,
  parentName: parent?.displayName ?? null,
  code: parent ? '00001.00001' : '00001',
  displayName,
  customerId: null,
  customerName: null,
  geofenceId: null,
  geofenceName: null,
  deviceCount: parent ? 2 : 0,
  childCount,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const north = organization(NORTH, 'Distrikt Nord', null, 1);
const team = organization(TEAM, 'Team 1', north);
const PERMISSIONS = [
  'Homeward.Organizations',
  'Homeward.Organizations.Create',
  'Homeward.Organizations.Move',
  'Homeward.Organizations.Delete',
];

function stubOrganizations(extra?: (call: RecordedCall) => Response | undefined) {
  return stubApi(
    (call) => extra?.(call),
    (call) => {
      const page = (items: object[]) => Response.json({ items, totalCount: items.length });
      if (call.path.startsWith('/api/organizations?') && call.path.includes('roots=true'))
        return page([north]);
      if (call.path.startsWith(`/api/organizations/${NORTH}/children`)) return page([team]);
      if (call.path.startsWith('/api/organizations?') && call.path.includes('filter=team'))
        return page([team]);
      if (call.path === `/api/organizations/${NORTH}`) return Response.json(north);
      return undefined;
    },
  );
}

describe('OrganizationPage', () => {
  it('loads the top level, then a node’s children when it is expanded, with device counts', async () => {
    const calls = stubOrganizations();
    await renderWithApp(<OrganizationPage />, { permissions: PERMISSIONS });
    expect(await screen.findByTestId('org-node-Distrikt Nord')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('/children'))).toBe(false);
    fireEvent.click(screen.getByTestId('org-expand-Distrikt Nord'));
    const child = await screen.findByTestId('org-node-Team 1');
    expect(within(child).getByText(/Devices: 2/)).toBeTruthy();
  });

  it('keeps the expand, select and menu buttons apart, and each sub-list in a list item', async () => {
    stubOrganizations();
    await renderWithApp(<OrganizationPage />, { permissions: PERMISSIONS });
    const node = await screen.findByTestId('org-node-Distrikt Nord');
    const expand = screen.getByTestId('org-expand-Distrikt Nord');
    // No control inside another: screen readers and keyboards reach each on its own.
    expect(node.contains(expand)).toBe(false);
    expect(node.contains(screen.getByTestId('org-actions-Distrikt Nord'))).toBe(false);
    expect(expand.getAttribute('aria-label')).toBe('Show sub-organizations of Distrikt Nord');
    fireEvent.click(expand);
    await screen.findByTestId('org-node-Team 1');
    const tree = screen.getByTestId('org-tree');
    const lists = [tree, ...tree.querySelectorAll('ul')];
    expect(lists).toHaveLength(2);
    for (const list of lists) {
      expect([...list.children].every((child) => child.tagName === 'LI')).toBe(true);
    }
    expect(expand.getAttribute('aria-expanded')).toBe('true');
  });

  it('finds an organization by search and reveals it in the tree', async () => {
    stubOrganizations();
    await renderWithApp(<OrganizationPage />, { permissions: PERMISSIONS });
    fireEvent.change(await screen.findByTestId('org-search'), { target: { value: 'team' } });
    fireEvent.click(await screen.findByTestId('org-result-Team 1'));
    const revealed = await screen.findByTestId('org-node-Team 1');
    expect(revealed.className).toContain('Mui-selected');
  });

  it('shows why the server refused a delete, in Danish', async () => {
    const calls = stubOrganizations((call) =>
      call.method === 'DELETE'
        ? Response.json(
            {
              error: {
                code: 'conflict',
                message: 'x',
                validationErrors: [
                  { field: 'id', message: 'organizations:hasChildren', params: { count: 1 } },
                ],
              },
            },
            { status: 409 },
          )
        : undefined,
    );
    await renderWithApp(<OrganizationPage />, { permissions: PERMISSIONS, language: 'da' });
    fireEvent.click(await screen.findByTestId('org-actions-Distrikt Nord'));
    fireEvent.click(screen.getByTestId('org-delete'));
    fireEvent.click(await screen.findByTestId('confirm-delete-ok'));
    const reason = await screen.findByTestId('org-delete-reason');
    expect(reason.textContent).toContain(
      'Organisationen har 1 underorganisation(er); flyt eller slet dem først',
    );
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });

  it('moves through the parent lookup and shows why a move into the own subtree is refused', async () => {
    const calls = stubOrganizations((call) => {
      if (call.path.startsWith('/api/organizations/lookup?')) {
        return Response.json({ items: [{ id: TEAM, displayName: 'Team 1' }], totalCount: 1 });
      }
      if (call.path === `/api/organizations/${NORTH}/move`) {
        return Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'x',
              validationErrors: [{ field: 'newParentId', message: 'organizations:moveIntoOwnSubtree' }],
            },
          },
          { status: 400 },
        );
      }
      return undefined;
    });
    await renderWithApp(<OrganizationPage />, { permissions: PERMISSIONS });
    fireEvent.click(await screen.findByTestId('org-actions-Distrikt Nord'));
    fireEvent.click(screen.getByTestId('org-move'));
    fireEvent.mouseDown(screen.getByLabelText('New parent organization'));
    fireEvent.click(await screen.findByText('Team 1'));
    fireEvent.click(screen.getByTestId('org-move-ok'));
    expect(
      await screen.findByText('An organization cannot be moved into itself or one of its sub-organizations'),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ newParentId: TEAM });
  });
});
