import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_TENANTS_ID, TENANT_FILTER_HEADER, type AppConfiguration } from '@homeward/contracts';
import { renderWithApp } from '../../components/crud/crud-test-harness';
import { testAppConfiguration } from '../../test/app-configuration-fixture';
import { appConfigurationQueryOptions } from '../configuration/get-app-configuration';
import { appStore } from '../state/app-store';
import { TenantFilter } from './tenant-filter';

const TENANTS = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Aarhus', kind: 'organization' },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Odense', kind: 'organization' },
];
const FILTER = { 'Homeward.Tenants.Filter': true };
const hostUser = { id: 'h1', userName: 'host', name: null, email: null, roles: ['admin'], tenantId: null };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.setState({ tenantFilter: null, currentUser: null, grantedPolicies: {} });
});

/** Answers the lookup (recording each call's tenant filter header) and the configuration. */
function stubLookup(configuration: () => AppConfiguration) {
  const sent: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (!String(input).startsWith('/api/tenants/lookup')) return Response.json(configuration());
      sent.push(new Headers(init.headers).get(TENANT_FILTER_HEADER));
      return Response.json({ items: TENANTS });
    }),
  );
  return sent;
}

async function renderAs(
  currentUser: AppConfiguration['currentUser'],
  grantedPolicies: Record<string, boolean>,
) {
  const configuration = { ...testAppConfiguration(), currentUser, grantedPolicies };
  const sent = stubLookup(() => configuration);
  appStore.setState({ currentUser, grantedPolicies });
  const view = await renderWithApp(<TenantFilter />);
  act(() => {
    view.queryClient.setQueryData(appConfigurationQueryOptions.queryKey, configuration);
  });
  return { ...view, sent };
}

describe('TenantFilter', () => {
  it('offers All tenants, the host and each tenant, and sends the choice with every call', async () => {
    const { queryClient, sent } = await renderAs(hostUser, FILTER);
    fireEvent.mouseDown(within(await screen.findByTestId('tenant-filter')).getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByTestId(`tenant-filter-option-${TENANTS[1]!.id}`);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All tenants', 'Host', 'Aarhus', 'Odense']);
    expect(sent).toEqual([null]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    fireEvent.click(within(listbox).getByTestId(`tenant-filter-option-${TENANTS[1]!.id}`));
    expect(appStore.getState().tenantFilter).toBe(TENANTS[1]!.id);
    expect(invalidate).toHaveBeenCalledWith();
    // The refetch that follows already carries the new filter.
    await waitFor(() => expect(sent.at(-1)).toBe(TENANTS[1]!.id));

    fireEvent.mouseDown(within(screen.getByTestId('tenant-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('tenant-filter-option-all'));
    expect(appStore.getState().tenantFilter).toBe(ALL_TENANTS_ID);
    await waitFor(() => expect(sent.at(-1)).toBe(ALL_TENANTS_ID));
  });

  it('is hidden from tenant users and from hosts without the permission', async () => {
    const asTenant = await renderAs({ ...hostUser, tenantId: TENANTS[0]!.id }, FILTER);
    expect(screen.queryByTestId('tenant-filter')).toBeNull();
    expect(asTenant.sent).toEqual([]);
    cleanup();
    const withoutPermission = await renderAs(hostUser, {});
    expect(screen.queryByTestId('tenant-filter')).toBeNull();
    expect(withoutPermission.sent).toEqual([]);
  });

  it('shows a household chosen elsewhere (the tenants screen), which the lookup adds by its id', async () => {
    const household = { id: '33333333-3333-4333-8333-333333333333', name: 'Hanne Hansen', kind: 'household' };
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (!url.startsWith('/api/tenants/lookup')) return Response.json(testAppConfiguration());
        urls.push(url);
        return Response.json({ items: url.includes(household.id) ? [...TENANTS, household] : TENANTS });
      }),
    );
    appStore.setState({ currentUser: hostUser, grantedPolicies: FILTER, tenantFilter: household.id });
    const view = await renderWithApp(<TenantFilter />);
    act(() => {
      view.queryClient.setQueryData(appConfigurationQueryOptions.queryKey, {
        ...testAppConfiguration(),
        currentUser: hostUser,
        grantedPolicies: FILTER,
      });
    });
    await waitFor(() => expect(screen.getByTestId('tenant-filter').textContent).toBe('Hanne Hansen'));
    expect(urls).toEqual([`/api/tenants/lookup?include=${household.id}`]);
  });
});
