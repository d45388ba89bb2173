import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_TENANTS_ID, type Customer } from '@homeward/contracts';
import { appStore } from '../../app/state/app-store';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { CustomerListPage } from './customer-list-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.setState({ tenantFilter: null });
});

const customer = (name: string, tenantName: string): Customer => ({
  id: crypto.randomUUID(),
  tenantId: crypto.randomUUID(),
  tenantName,
  name,
  address: '',
  city: 'Vejle',
  zipCode: '',
  country: '',
  email: '',
  invoiceEmail: '',
  agreementResponsibleName: '',
  agreementResponsiblePhone: '',
  agreementResponsibleEmail: '',
  phone: '',
  status: 'active',
  preferredBillingMethod: 'email',
  type: 'municipality',
  taxZone: 'domestic',
  currency: 'DKK',
  cvr: '',
  ean: '',
  note: '',
  discountPercentage: 0,
  contactCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const ALL = [
  'Homeward.Customers',
  'Homeward.Customers.Create',
  'Homeward.Customers.Edit',
  'Homeward.Customers.Delete',
];

describe('CustomerListPage', { timeout: 20_000 }, () => {
  it('asks the server for the first page, and offers create, edit and delete', async () => {
    const calls = stubApi((call) =>
      call.path.startsWith('/api/customers?')
        ? Response.json({ items: [customer('Vejle Kommune', 'Demo Kommune')], totalCount: 1 })
        : undefined,
    );
    await renderWithApp(
      <MemoryRouter>
        <CustomerListPage />
      </MemoryRouter>,
      { permissions: ALL },
    );
    expect(await screen.findByTestId('customer-link-Vejle Kommune')).toBeTruthy();
    expect(calls[0]?.path).toBe('/api/customers?skipCount=0&maxResultCount=10');
    expect(screen.getByTestId('crud-create')).toBeTruthy();
    expect(screen.getByTestId('crud-edit-Vejle Kommune')).toBeTruthy();
    expect(screen.queryByText('Tenant')).toBeNull();
  });

  it('shows the tenant column and no writing buttons when a host looks at All tenants', async () => {
    appStore.setState({ tenantFilter: ALL_TENANTS_ID });
    stubApi((call) =>
      call.path.startsWith('/api/customers?')
        ? Response.json({ items: [customer('Vejle Kommune', 'Demo Kommune')], totalCount: 1 })
        : undefined,
    );
    await renderWithApp(
      <MemoryRouter>
        <CustomerListPage />
      </MemoryRouter>,
      { permissions: ALL },
    );
    expect(await screen.findByText('Demo Kommune')).toBeTruthy();
    expect(screen.getByText('Tenant')).toBeTruthy();
    expect(screen.queryByTestId('crud-create')).toBeNull();
    expect(screen.queryByTestId('crud-delete-Vejle Kommune')).toBeNull();
    expect(screen.getByTestId('customer-open-Vejle Kommune')).toBeTruthy();
  });
});
