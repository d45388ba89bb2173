import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { WifiNetwork } from '@homeward/contracts';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import { CrudEditDialog } from '../../components/crud/crud-edit-dialog';
import { CrudListToolbar } from '../../components/crud/crud-list-toolbar';
import { crudActionsColumn, type RowActionButton } from '../../components/crud/crud-row-actions';
import type { PagedListRequest } from '../../components/crud/paged-list-request';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { exportWifiNetworks, getWifiNetworks, type WifiNetworkFilterValues } from './get-wifi-networks';
import { WifiNetworkFilters } from './wifi-network-filters';
import { wifiNetworksResource as resource } from './wifi-networks-resource';

type Dialog = { mode: 'create' } | { mode: 'edit'; network: WifiNetwork } | null;

/**
 * /wifis: a tenant's Wi-Fi networks with search, type and trust-level filters, export, and
 * create/edit/delete. Built from the CRUD scaffolding's parts rather than `CrudListPage`, because
 * the filters sit between the toolbar and the grid and travel with every page request.
 */
export function WifiNetworkListPage() {
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [filters, setFilters] = useState<WifiNetworkFilterValues>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<WifiNetwork | null>(null);
  const remove = useCrudMutation({
    mutationFn: (id: string) => resource.remove!(id),
    queryKey: resource.queryKey,
    entityKey: resource.entityKey,
    operation: 'delete',
  });
  const canEdit = policies[resource.permissions.update!] === true;
  const canDelete = policies[resource.permissions.delete!] === true;

  const actionsOf = (network: WifiNetwork): RowActionButton[] => [
    ...(canEdit
      ? [
          {
            testId: `crud-edit-${network.macAddress}`,
            labelKey: 'identity:crud.edit',
            icon: <EditIcon fontSize="small" />,
            onClick: () => setDialog({ mode: 'edit', network }),
          },
        ]
      : []),
    ...(canDelete
      ? [
          {
            testId: `crud-delete-${network.macAddress}`,
            labelKey: 'identity:crud.delete',
            icon: <DeleteIcon fontSize="small" />,
            onClick: () => setDeleting(network),
          },
        ]
      : []),
  ];

  const columns: GridColDef<WifiNetwork>[] = [
    ...resource.columns(t),
    ...(canEdit || canDelete ? [crudActionsColumn<WifiNetwork>(t, actionsOf)] : []),
  ];

  return (
    <>
      <CrudListToolbar
        title={t(resource.titleKey)}
        searchText={searchText}
        onSearchChange={setSearchText}
        entityKey={resource.entityKey}
        onCreate={policies[resource.permissions.create!] ? () => setDialog({ mode: 'create' }) : undefined}
        onExport={() => exportWifiNetworks({ filter: search || undefined, ...filters })}
      />
      <WifiNetworkFilters values={filters} onChange={setFilters} />
      <ServerDataGrid
        queryKey={[...resource.queryKey, filters]}
        fetchPage={(request: PagedListRequest) => getWifiNetworks({ ...request, ...filters })}
        columns={columns}
        sortFields={resource.sortFields}
        getRowId={resource.getId}
        search={search}
        filterKey={JSON.stringify(filters)}
      />
      {dialog && (
        <CrudEditDialog
          resource={resource}
          mode={dialog.mode}
          item={dialog.mode === 'edit' ? dialog.network : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          open
          name={resource.getName(deleting)}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
