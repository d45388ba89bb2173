import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tenant, TenantFeature } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { MemoryRouter, Route, Routes } from 'react-router';
import { appStore } from '../../app/state/app-store';
import { TenantListPage } from './tenant-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TENANT: Tenant = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Aarhus',
  cvr: null,
  comment: 'North',
  nationalLogin: false,
  kind: 'organization',
  owner: null,
  watchCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const HOUSEHOLD: Tenant = {
  ...TENANT,
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Hanne Hansen',
  comment: null,
  kind: 'household',
  owner: { id: '44444444-4444-4444-8444-444444444444', name: 'Hanne Hansen', email: 'hanne@example.dk' },
  watchCount: 1,
};
const EVERYTHING = [
  'Homeward.Tenants',
  'Homeward.Tenants.Create',
  'Homeward.Tenants.Edit',
  'Homeward.Tenants.Delete',
  'Homeward.Tenants.ManageFeatures',
];
const FEATURES: TenantFeature[] = [
  {
    name: 'Homeward.NationalLogin',
    type: 'toggle',
    value: false,
    defaultValue: false,
    displayKey: 'feature.NationalLogin',
  },
  {
    name: 'Homeward.TwoFactor',
    type: 'selection',
    value: 'optional',
    defaultValue: 'optional',
    options: ['optional', 'disabled', 'forced'],
    displayKey: 'feature.TwoFactor',
  },
  {
    name: 'Homeward.MaxDevices',
    type: 'number',
    value: 1000,
    defaultValue: 1000,
    min: 0,
    displayKey: 'feature.MaxDevices',
  },
];

function stubTenants(onWrite?: (call: RecordedCall) => Response | undefined) {
  return stubApi(
    (call) => (call.method !== 'GET' ? onWrite?.(call) : undefined),
    (call) => {
      if (call.path.startsWith('/api/tenants?')) return Response.json({ items: [TENANT], totalCount: 1 });
      if (call.path === `/api/tenants/${TENANT.id}/features`) return Response.json({ items: FEATURES });
      return undefined;
    },
  );
}

const page = () => (
  <MemoryRouter initialEntries={['/tenants']}>
    <Routes>
      <Route path="/tenants" element={<TenantListPage />} />
      <Route path="/devices" element={<p data-testid="devices-page">devices</p>} />
    </Routes>
  </MemoryRouter>
);

const field = (name: string) => screen.getByTestId(`crud-field-${name}`) as HTMLInputElement;

describe('TenantListPage', { timeout: 30_000 }, () => {
  it('shows the CVR field only while national login is on, and sends the tenant with its administrator', async () => {
    const calls = stubTenants((call) =>
      call.method === 'POST'
        ? Response.json({ ...TENANT, id: '22222222-2222-4222-8222-222222222222' }, { status: 201 })
        : undefined,
    );
    await renderWithApp(page(), { permissions: EVERYTHING });
    await screen.findByText('Aarhus');
    fireEvent.click(screen.getByTestId('crud-create'));
    await screen.findByTestId('crud-form-dialog');
    expect(screen.queryByTestId('crud-field-cvr')).toBeNull();

    fireEvent.click(field('nationalLogin'));
    await waitFor(() => expect(screen.getByTestId('crud-field-cvr')).toBeTruthy());
    fireEvent.change(field('name'), { target: { value: 'Odense' } });
    fireEvent.change(field('adminEmail'), { target: { value: 'admin@odense.dk' } });
    fireEvent.change(field('adminPassword'), { target: { value: 'Admin-Password1!' } });
    fireEvent.change(field('cvr'), { target: { value: '1234' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    expect(await screen.findByText('A CVR number has exactly 8 digits')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(field('cvr'), { target: { value: '12345678' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/tenants',
      body: {
        name: 'Odense',
        nationalLogin: true,
        cvr: '12345678',
        adminEmail: 'admin@odense.dk',
        adminPassword: 'Admin-Password1!',
      },
    });
    expect(await screen.findByText('The tenant was created.')).toBeTruthy();
  });

  it('hides and clears the CVR when national login goes off again', async () => {
    stubTenants();
    await renderWithApp(page(), { permissions: EVERYTHING });
    fireEvent.click(await screen.findByTestId('crud-edit-Aarhus'));
    await screen.findByTestId('crud-form-dialog');
    fireEvent.click(field('nationalLogin'));
    fireEvent.change(await screen.findByTestId('crud-field-cvr'), { target: { value: '12345678' } });
    fireEvent.click(field('nationalLogin'));
    await waitFor(() => expect(screen.queryByTestId('crud-field-cvr')).toBeNull());
    fireEvent.click(field('nationalLogin'));
    expect(((await screen.findByTestId('crud-field-cvr')) as HTMLInputElement).value).toBe('');
  });

  it('puts the server’s field errors on the fields', async () => {
    stubTenants((call) =>
      call.method === 'POST'
        ? Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Invalid',
                validationErrors: [{ field: 'name', message: 'tenants:nameTaken' }],
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    await renderWithApp(page(), { permissions: EVERYTHING });
    fireEvent.click(await screen.findByTestId('crud-create'));
    await screen.findByTestId('crud-form-dialog');
    fireEvent.change(field('name'), { target: { value: 'Aarhus' } });
    fireEvent.change(field('adminEmail'), { target: { value: 'admin@aarhus.dk' } });
    fireEvent.change(field('adminPassword'), { target: { value: 'Admin-Password1!' } });
    fireEvent.click(screen.getByTestId('crud-form-save'));
    expect(await screen.findByText('A tenant with this name already exists')).toBeTruthy();
    expect(screen.getByTestId('crud-form-dialog')).toBeTruthy();
  });

  it('warns that deleting takes the tenant’s users and devices with it, then deletes', async () => {
    const calls = stubTenants((call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    await renderWithApp(page(), { permissions: EVERYTHING });
    fireEvent.click(await screen.findByTestId('crud-delete-Aarhus'));
    expect((await screen.findByTestId('confirm-delete-warning')).textContent).toMatch(
      /users, roles, devices/,
    );
    fireEvent.click(screen.getByTestId('confirm-delete-ok'));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: `/api/tenants/${TENANT.id}` }),
      ),
    );
  });

  it('edits features with typed inputs and sends them', async () => {
    const calls = stubTenants((call) =>
      call.method === 'PUT' ? Response.json({ items: FEATURES }) : undefined,
    );
    await renderWithApp(page(), { permissions: EVERYTHING });
    fireEvent.click(await screen.findByTestId('tenant-features-Aarhus'));
    const dialog = await screen.findByTestId('tenant-features-dialog');
    const maxDevices = await within(dialog).findByTestId('feature-Homeward.MaxDevices');
    fireEvent.change(maxDevices, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByTestId('feature-Homeward.NationalLogin'));
    fireEvent.click(within(dialog).getByTestId('tenant-features-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/api/tenants/${TENANT.id}/features`,
      body: { 'Homeward.MaxDevices': 25, 'Homeward.NationalLogin': true, 'Homeward.TwoFactor': 'optional' },
    });
    expect(await screen.findByText('The features were saved.')).toBeTruthy();
  });

  it('shows a refused feature next to its input and keeps the dialog open', async () => {
    stubTenants((call) =>
      call.method === 'PUT'
        ? Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Invalid',
                validationErrors: [
                  { field: 'Homeward.NationalLogin', message: 'tenants:nationalLoginNeedsCvr' },
                ],
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    await renderWithApp(page(), { permissions: EVERYTHING });
    fireEvent.click(await screen.findByTestId('tenant-features-Aarhus'));
    const dialog = await screen.findByTestId('tenant-features-dialog');
    fireEvent.click(await within(dialog).findByTestId('feature-Homeward.NationalLogin'));
    fireEvent.click(within(dialog).getByTestId('tenant-features-save'));
    expect(
      await within(dialog).findByText('Give the tenant a CVR number before switching national login on'),
    ).toBeTruthy();
    expect(screen.getByTestId('tenant-features-dialog')).toBeTruthy();
  });

  it('offers only the actions the user holds', async () => {
    stubTenants();
    await renderWithApp(page(), { permissions: ['Homeward.Tenants'] });
    await screen.findByText('Aarhus');
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('crud-edit-Aarhus')).toBeNull();
    expect(screen.queryByTestId('crud-delete-Aarhus')).toBeNull();
    expect(screen.queryByTestId('tenant-features-Aarhus')).toBeNull();
  });

  it('filters by kind on the server and shows a household’s owner and watches', async () => {
    const calls = stubApi((call) => {
      if (!call.path.startsWith('/api/tenants?')) return undefined;
      const households = call.path.includes('kind=household');
      return Response.json({
        items: households ? [HOUSEHOLD] : [TENANT, HOUSEHOLD],
        totalCount: households ? 1 : 2,
      });
    });
    await renderWithApp(page(), { permissions: EVERYTHING });
    await screen.findByText('hanne@example.dk');
    expect(screen.getAllByText('Household').length).toBeGreaterThan(0);
    expect(screen.getByText('Organization')).toBeTruthy();

    fireEvent.mouseDown(within(screen.getByTestId('tenant-kind-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('tenant-kind-household'));
    await waitFor(() => expect(screen.queryByText('Organization')).toBeNull());
    expect(calls.some((call) => call.path.includes('kind=household'))).toBe(true);
  });

  it('takes support to a household’s watches through the tenant filter', async () => {
    stubApi((call) =>
      call.path.startsWith('/api/tenants?')
        ? Response.json({ items: [HOUSEHOLD], totalCount: 1 })
        : undefined,
    );
    await renderWithApp(page(), {
      permissions: [...EVERYTHING, 'Homeward.Tenants.Filter', 'Homeward.Devices'],
    });
    fireEvent.click(await screen.findByTestId('tenant-watches-Hanne Hansen'));
    await screen.findByTestId('devices-page');
    expect(appStore.getState().tenantFilter).toBe(HOUSEHOLD.id);
  });
});
