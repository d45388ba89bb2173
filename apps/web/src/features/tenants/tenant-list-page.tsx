import { useState } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExtensionIcon from '@mui/icons-material/Extension';
import WatchIcon from '@mui/icons-material/Watch';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TENANT_SORT_FIELDS, type Tenant, type TenantKind } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { appStore } from '../../app/state/app-store';
import { CrudRowActions, type RowActionButton } from '../../components/crud/crud-row-actions';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { yesNoColumn } from '../../components/crud/yes-no-column';
import { BrokerDialog } from '../national-login/broker-dialog';
import { getTenants, TENANTS_QUERY_KEY } from './get-tenants';
import { TenantDeleteDialog } from './tenant-delete-dialog';
import { TenantFeaturesDialog } from './tenant-features-dialog';
import { TenantFormDialog } from './tenant-form-dialog';
import { TenantKindFilter } from './tenant-kind-filter';
import { CrudListToolbar } from '../../components/crud/crud-list-toolbar';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'features' | 'broker'; tenant: Tenant } | null;

/**
 * /tenants (host only): organizations and households (a tenant per household), paged, sorted and
 * searched on the server, with a kind filter; the search also finds a household by the start of its
 * owner's e-mail or name. Create (an organization, with its first administrator), edit, delete and
 * features; for a household, its owner and watches, and a way to its watches through the host's
 * tenant filter. Built from the CRUD scaffolding's parts rather than `CrudListPage`, because the
 * form's CVR field depends on the national-login switch and deleting needs its own warning.
 */
export function TenantListPage() {
  const { t, i18n } = useTranslation();
  const policies = useGrantedPolicies();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [kind, setKind] = useState<TenantKind | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog>(null);

  /** Support's way to a household's watches: the tenant filter set to it, then the devices list. */
  const showWatchesOf = (tenant: Tenant) => {
    appStore.setState({ tenantFilter: tenant.id });
    void queryClient.invalidateQueries();
    void navigate('/devices');
  };

  const actionsOf = (tenant: Tenant): RowActionButton[] => {
    const actions: RowActionButton[] = [];
    if (policies['Homeward.Tenants.Filter'] && policies['Homeward.Devices']) {
      actions.push({
        testId: `tenant-watches-${tenant.name}`,
        labelKey: 'tenants:showWatches',
        icon: <WatchIcon fontSize="small" />,
        onClick: () => showWatchesOf(tenant),
      });
    }
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
    if (policies['Homeward.Tenants.Edit'] && tenant.nationalLogin) {
      actions.push({
        testId: `tenant-broker-${tenant.name}`,
        labelKey: 'identity:nationalLogin.brokerAction',
        icon: <BadgeIcon fontSize="small" />,
        onClick: () => setDialog({ kind: 'broker', tenant }),
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
    {
      field: 'kind',
      headerName: t('tenants:kind.label'),
      width: 130,
      valueFormatter: (value: TenantKind) => t(`tenants:kind.${value}`),
    },
    {
      field: 'owner',
      headerName: t('tenants:owner'),
      flex: 2,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) =>
        row.owner ? (
          <span>
            {row.owner.name ?? ''}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              {row.owner.email}
            </Typography>
          </span>
        ) : null,
    },
    { field: 'watchCount', headerName: t('tenants:watchCount'), width: 110, type: 'number', sortable: false },
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
      minWidth: 220,
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
      <TenantKindFilter value={kind} onChange={setKind} />
      <ServerDataGrid
        queryKey={[...TENANTS_QUERY_KEY, 'list', kind ?? 'all']}
        fetchPage={(request) => getTenants({ ...request, kind })}
        filterKey={kind ?? ''}
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
      {dialog?.kind === 'broker' && <BrokerDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'features' && (
        <TenantFeaturesDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
