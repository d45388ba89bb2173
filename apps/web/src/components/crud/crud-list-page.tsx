import { useState, type ReactNode } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { CrudEditDialog } from './crud-edit-dialog';
import type { CrudResource } from './crud-resource';
import { actionsColumnWidth, crudActionsColumn, type RowActionButton } from './crud-row-actions';
import { CrudListToolbar } from './crud-list-toolbar';
import { ServerDataGrid } from './server-data-grid';
import { useCrudMutation } from './use-crud-mutation';
import { useDebouncedValue } from './use-debounced-value';

interface CrudListPageProps<
  TItem extends GridValidRowModel,
  TForm extends FieldValues,
  TFilter extends object = object,
> {
  resource: CrudResource<TItem, TForm, TFilter>;
  /** Dialogs of the screen's own row actions. */
  children?: ReactNode;
  /**
   * Between the toolbar and the grid: the screen's filters, or actions of its own beside create; a
   * function when they follow the search (a download of what the list shows).
   */
  filters?: ReactNode | ((state: { search: string }) => ReactNode);
  /**
   * The values the `filters` controls set: part of the list's query key, sent with every page
   * request and the export, and a change shows the first page.
   */
  filterValues?: Partial<TFilter>;
  /** The grid's test id (`crud-grid` unless told). */
  gridTestId?: string;
  /** Inside a tab, section or card that shows its own heading: no screen title of the list's own. */
  hideTitle?: boolean;
  /**
   * Buttons of the screen's own in the toolbar beside export and create ("Add members", "New
   * message"); each checks its own permission.
   */
  toolbarActions?: ReactNode;
  /** Fetch again when the list mounts with data cached: for rows that change elsewhere (alarms). */
  refetchOnMount?: boolean;
  /** Replaces the create dialog (a wizard); still shown only with the create permission. */
  onCreate?(): void;
  /** Replaces the edit dialog (a form of the screen's own); still shown only with the update permission. */
  onEdit?(item: TItem): void;
}

type DialogState<TItem> = { mode: 'create' } | { mode: 'edit'; item: TItem } | null;

/**
 * A whole management screen from a resource descriptor: title, search, create button, server-side
 * grid with edit/delete and the resource's own row actions, each shown only with its permission.
 */
export function CrudListPage<
  TItem extends GridValidRowModel,
  TForm extends FieldValues,
  TFilter extends object = object,
>({
  resource,
  children,
  filters,
  filterValues,
  gridTestId,
  hideTitle = false,
  toolbarActions,
  refetchOnMount,
  onCreate,
  onEdit,
}: CrudListPageProps<TItem, TForm, TFilter>) {
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const granted = (name: string | undefined) => name === undefined || policies[name] === true;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [dialog, setDialog] = useState<DialogState<TItem>>(null);
  const [deleting, setDeleting] = useState<TItem | null>(null);
  const filterParams: Partial<TFilter> = filterValues ?? {};

  const removeMutation = useCrudMutation({
    mutationFn: (id: string) => resource.remove!(id),
    queryKey: resource.queryKey,
    entityKey: resource.entityKey,
    operation: 'delete',
  });

  const canCreate =
    (!!onCreate || (!!resource.create && !!resource.form)) && granted(resource.permissions.create);
  const canUpdateAny =
    (!!onEdit || (!!resource.update && !!resource.form)) && granted(resource.permissions.update);
  const canDeleteAny = !!resource.remove && granted(resource.permissions.delete);
  const ownActions = (resource.rowActions ?? []).filter((action) => granted(action.permission));

  const actionsOf = (item: TItem): RowActionButton[] => {
    const key = resource.getName(item);
    const buttons: RowActionButton[] = ownActions
      .filter((action) => action.isVisible?.(item) ?? true)
      .map((action) => ({
        testId: `${action.id}-${key}`,
        labelKey: action.labelKey,
        icon: action.icon,
        onClick: () => action.onClick(item),
      }));
    if (canUpdateAny && (resource.canUpdate?.(item) ?? true)) {
      buttons.push({
        testId: `crud-edit-${key}`,
        labelKey: 'identity:crud.edit',
        icon: <EditIcon fontSize="small" />,
        onClick: () => (onEdit ? onEdit(item) : setDialog({ mode: 'edit', item })),
      });
    }
    if (canDeleteAny && (resource.canDelete?.(item) ?? true)) {
      buttons.push({
        testId: `crud-delete-${key}`,
        labelKey: 'identity:crud.delete',
        icon: <DeleteIcon fontSize="small" />,
        onClick: () => setDeleting(item),
      });
    }
    return buttons;
  };

  // The most buttons one row can show: the column is as wide as they need and no wider.
  const mostButtons = ownActions.length + (canUpdateAny ? 1 : 0) + (canDeleteAny ? 1 : 0);
  const columns: GridColDef<TItem>[] = [
    ...resource.columns(t),
    ...(mostButtons > 0
      ? [crudActionsColumn<TItem>(t, actionsOf, { minWidth: actionsColumnWidth(mostButtons) })]
      : []),
  ];

  return (
    <>
      <CrudListToolbar
        title={hideTitle ? undefined : t(resource.titleKey)}
        searchText={searchText}
        searchLabel={resource.searchLabelKey && t(resource.searchLabelKey)}
        onSearchChange={resource.searchable === false ? undefined : setSearchText}
        actions={toolbarActions}
        entityKey={resource.entityKey}
        onCreate={canCreate ? (onCreate ?? (() => setDialog({ mode: 'create' }))) : undefined}
        onExport={
          resource.exportList
            ? () => resource.exportList!({ filter: search || undefined, ...filterParams })
            : undefined
        }
      />
      {typeof filters === 'function' ? filters({ search }) : filters}
      <ServerDataGrid
        queryKey={filterValues ? [...resource.queryKey, filterValues] : resource.queryKey}
        fetchPage={(request) => resource.fetchList({ ...request, ...filterParams })}
        filterKey={filterValues ? JSON.stringify(filterValues) : ''}
        columns={columns}
        sortFields={resource.sortFields}
        getRowId={resource.getId}
        search={search}
        testId={gridTestId}
        refetchOnMount={refetchOnMount}
      />
      {dialog && resource.form && (
        <CrudEditDialog
          resource={resource}
          mode={dialog.mode}
          item={dialog.mode === 'edit' ? dialog.item : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          open
          name={resource.getName(deleting)}
          onConfirm={() => removeMutation.mutateAsync(resource.getId(deleting))}
          onClose={() => setDeleting(null)}
        />
      )}
      {children}
    </>
  );
}
