import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ALL_TENANTS_ID } from '@homeward/contracts';
import { useAppState } from '../../app/state/app-store';
import { CrudListPage } from '../../components/crud/crud-list-page';
import { customersResource } from './customers-resource';

/** /customers: paged, sorted and searched on the server; the host's All tenants view adds a tenant column. */
export function CustomerListPage() {
  const navigate = useNavigate();
  const allTenants = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const resource = useMemo(
    () => customersResource({ allTenants, open: (customer) => void navigate(`/customers/${customer.id}`) }),
    [allTenants, navigate],
  );
  return <CrudListPage resource={resource} />;
}
