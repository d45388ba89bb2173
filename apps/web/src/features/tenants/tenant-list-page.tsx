import { useState } from 'react';
import BadgeIcon from '@mui/icons-material/Badge';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExtensionIcon from '@mui/icons-material/Extension';
import WatchIcon from '@mui/icons-material/Watch';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TENANT_SORT_FIELDS, type Tenant, type TenantKind } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { appStore } from '../../app/state/app-store';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { yesNoColumn } from '../../components/crud/yes-no-column';
import { BrokerDialog } from '../national-login/broker-dialog';
import { getTenants, TENANTS_QUERY_KEY } from './get-tenants';
import { TenantDeleteDialog } from './tenant-delete-dialog';
import { TenantFeaturesDialog } from './tenant-features-dialog';
import { TenantFormDialog } from './tenant-form-dialog';
import { TenantKindFilter } from './tenant-kind-filter';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'features' | 'broker'; tenant: Tenant } | null;
type TenantFilter = { kind?: TenantKind };

/**
 * /tenants (host only): organizations and households (a tenant per household), paged, sorted and
 * searched on the server, with a kind filter; the search also finds a household by the start of its
 * owner's e-mail or name. Create (an organization, with its first administrator), edit, delete and
 * features; for a household, its owner and watches, and a way to its watches through the host's
 * tenant filter. Create, edit and delete open the screen's own dialogs (edit and delete as row
 * actions), because the form's CVR field depends on the national-login switch and deleting needs
 * its own warning.
 */
export function TenantListPage() {
  const { i18n } = useTranslation();
  const policies = useGrantedPolicies();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<TenantKind | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog>(null);

  /** Support's way to a household's watches: the tenant filter set to it, then the devices list. */
  const showWatchesOf = (tenant: Tenant) => {
    appStore.setState({ tenantFilter: tenant.id });
    void queryClient.invalidateQueries();
    void navigate('/devices');
  };

  const columns = (t: TFunction): GridColDef<Tenant>[] => [
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
  ];

  const resource: CrudResource<Tenant, Record<string, never>, TenantFilter> = {
    queryKey: TENANTS_QUERY_KEY,
    titleKey: 'tenants:title',
    entityKey: 'tenants:entity',
    columns,
    sortFields: TENANT_SORT_FIELDS,
    getId: (tenant) => tenant.id,
    getName: (tenant) => tenant.name,
    fetchList: getTenants,
    permissions: { create: 'Homeward.Tenants.Create' },
    rowActions: [
      {
        id: 'tenant-watches',
        labelKey: 'tenants:showWatches',
        icon: <WatchIcon fontSize="small" />,
        permission: 'Homeward.Tenants.Filter',
        isVisible: () => policies['Homeward.Devices'] === true,
        onClick: showWatchesOf,
      },
      {
        id: 'tenant-features',
        labelKey: 'tenants:features',
        icon: <ExtensionIcon fontSize="small" />,
        permission: 'Homeward.Tenants.ManageFeatures',
        onClick: (tenant) => setDialog({ kind: 'features', tenant }),
      },
      {
        id: 'crud-edit',
        labelKey: 'identity:crud.edit',
        icon: <EditIcon fontSize="small" />,
        permission: 'Homeward.Tenants.Edit',
        onClick: (tenant) => setDialog({ kind: 'edit', tenant }),
      },
      {
        id: 'tenant-broker',
        labelKey: 'identity:nationalLogin.brokerAction',
        icon: <BadgeIcon fontSize="small" />,
        permission: 'Homeward.Tenants.Edit',
        isVisible: (tenant) => tenant.nationalLogin,
        onClick: (tenant) => setDialog({ kind: 'broker', tenant }),
      },
      {
        id: 'crud-delete',
        labelKey: 'identity:crud.delete',
        icon: <DeleteIcon fontSize="small" />,
        permission: 'Homeward.Tenants.Delete',
        onClick: (tenant) => setDialog({ kind: 'delete', tenant }),
      },
    ],
  };

  return (
    <CrudListPage
      resource={resource}
      filters={<TenantKindFilter value={kind} onChange={setKind} />}
      filterValues={{ kind }}
      onCreate={() => setDialog({ kind: 'create' })}
    >
      {dialog?.kind === 'create' && <TenantFormDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <TenantFormDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <TenantDeleteDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'broker' && <BrokerDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'features' && (
        <TenantFeaturesDialog tenant={dialog.tenant} onClose={() => setDialog(null)} />
      )}
    </CrudListPage>
  );
}
