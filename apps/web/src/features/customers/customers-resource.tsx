import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { CUSTOMER_SORT_FIELDS, zSaveCustomerRequest, type Customer } from '@homeward/contracts';
import type { CrudResource } from '../../components/crud/crud-resource';
import {
  CUSTOMER_FORM_FIELDS,
  customerFormValues,
  EMPTY_CUSTOMER_FORM,
  type CustomerForm,
} from './customer-form-fields';
import { CUSTOMERS_QUERY_KEY, getCustomers } from './get-customers';
import { createCustomer, deleteCustomer, updateCustomer } from './save-customer';

/**
 * Customers as a CRUD resource. `allTenants` adds the tenant column (a host filtering to All tenants
 * sees every tenant's customers, read-only); `open` goes to the customer page.
 */
export function customersResource(options: {
  allTenants: boolean;
  open(customer: Customer): void;
}): CrudResource<Customer, CustomerForm> {
  return {
    queryKey: CUSTOMERS_QUERY_KEY,
    titleKey: 'customers:title',
    entityKey: 'customers:entity',
    columns: (t) =>
      [
        {
          field: 'name',
          headerName: t('customers:name'),
          flex: 2,
          minWidth: 200,
          renderCell: ({ row }) => (
            <Link
              component={RouterLink}
              to={`/customers/${row.id}`}
              data-testid={`customer-link-${row.name}`}
            >
              {row.name}
            </Link>
          ),
        },
        ...(options.allTenants
          ? [
              {
                field: 'tenantName',
                headerName: t('customers:tenant'),
                flex: 1,
                minWidth: 140,
                sortable: false,
              },
            ]
          : []),
        { field: 'city', headerName: t('customers:city'), flex: 1, minWidth: 120 },
        { field: 'cvr', headerName: t('customers:cvr'), width: 120, sortable: false },
        { field: 'ean', headerName: t('customers:ean'), width: 150, sortable: false },
        {
          field: 'status',
          headerName: t('customers:status'),
          width: 110,
          valueFormatter: (value: string) => t(`customers:statuses.${value}`),
        },
        { field: 'contactCount', headerName: t('customers:contactCount'), width: 100, sortable: false },
      ] satisfies GridColDef<Customer>[],
    sortFields: CUSTOMER_SORT_FIELDS,
    getId: (customer) => customer.id,
    getName: (customer) => customer.name,
    fetchList: getCustomers,
    permissions: {
      create: 'Homeward.Customers.Create',
      update: 'Homeward.Customers.Edit',
      delete: 'Homeward.Customers.Delete',
    },
    create: options.allTenants ? undefined : createCustomer,
    remove: options.allTenants ? undefined : deleteCustomer,
    update: options.allTenants ? undefined : updateCustomer,
    rowActions: [
      {
        id: 'customer-open',
        labelKey: 'customers:open',
        icon: <OpenInNewIcon fontSize="small" />,
        onClick: options.open,
      },
    ],
    form: {
      schema: () => zSaveCustomerRequest,
      fields: () => CUSTOMER_FORM_FIELDS,
      defaultValues: () => ({ ...EMPTY_CUSTOMER_FORM }),
      toFormValues: customerFormValues,
    },
  };
}
