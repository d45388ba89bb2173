import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExtensionIcon from '@mui/icons-material/Extension';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { TENANT_SORT_FIELDS, type Tenant } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { CrudRowActions, type RowActionButton } from '../../components/crud/crud-row-actions';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { yesNoColumn } from '../../components/crud/yes-no-column';
import { getTenants, TENANTS_QUERY_KEY } from './get-tenants';
import { TenantDeleteDialog } from './tenant-delete-dialog';
import { TenantFeaturesDialog } from './tenant-features-dialog';
import { TenantFormDialog } from './tenant-form-dialog';
import { CrudListToolbar } from '../../components/crud/crud-list-toolbar';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'features'; tenant: Tenant } | null;

/**
 * /tenants (host only): tenants with search, create (with the first administrator), edit, delete
 * and features. Built from the CRUD scaffolding's parts rather than `CrudListPage`, because the
 * form's CVR field depends on the national-login switch and deleting needs its own warning.
 */
export function TenantListPage() {
  const { t, i18n } = useTranslation();
  const policies = useGrantedPolicies();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [dialog, setDialog] = useState<Dialog>(null);

  const actionsOf = (tenant: Tenant): RowActionButton[] => {
    const actions: RowActionButton[] = [];
    if (policies['Homeward.Tenants.ManageFeatures']) {
      actions.push({
        testId: `tenant-features-${tenant.name}`,
        labelKey: 'tenants:features',
        icon: <ExtensionIcon fontSize="small" />,
        onClick: () => setDialog({ kind: 'features', tenant }),
      });
    }
    if (policies['Homeward.Tenants.Edit']) {
      actions.push({
        testId: `crud-edit-${tenant.name}`,
        labelKey: 'identity:crud.edit',
        icon: <EditIcon fontSize="small" />,
        onClick: () => setDialog({ kind: 'edit', tenant }),
      });
    }
    if (policies['Homeward.Tenants.Delete']) {
      actions.push({
        testId: `crud-delete-${tenant.name}`,
        labelKey: 'identity:crud.delete',
        icon: <DeleteIcon fontSize="small" />,
        onClick: () => setDialog({ kind: 'delete', tenant }),
      });
    }
    return actions;
  };

  const columns: GridColDef<Tenant>[] = [
    { field: 'name', headerName: t('tenants:name'), flex: 2, minWidth: 180 },
    { field: 'cvr', headerName: t('tenants:cvr'), width: 130 },
    yesNoColumn(t, 'nationalLogin', 'tenants:nationalLogin'),
    { field: 'comment', headerName: t('tenants:comment'), flex: 2, minWidth: 160, sortable: false },
    {
      field: 'createdAt',
      headerName: t('tenants:createdAt'),
      width: 140,
      valueFormatter: (value: string) => new Date(value).toLocaleDateString(i18n.language),
    },
    {
      field: '__actions',
      headerName: t('identity:crud.actions'),
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      minWidth: 180,
      renderCell: ({ row }) => <CrudRowActions actions={actionsOf(row)} />,
    },
  ];

  return (
    <>
      <CrudListToolbar
        title={t('tenants:title')}
        searchText={searchText}
        onSearchChange={setSearchText}
        entityKey="tenants:entity"
        onCreate={policies['Homeward.Tenants.Create'] ? () => setDialog({ kind: 'create' }) : undefined}
      />
      <ServerDataGrid
        queryKey={TENANTS_QUERY_KEY}
        fetchPage={getTenants}
        columns={columns}
        sortFields={TENANT_SORT_FIELDS}
        getRowId={(tenant) => tenant.id}
        search={search}
      />
      {dialog?.kind === 'create' && <TenantFormDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <TenantFormDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <TenantDeleteDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'features' && (
        <TenantFeaturesDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
