import { useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Button from '@mui/material/Button';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import type { PagedListRequest, PagedListResult } from '../../components/crud/paged-list-request';

interface UnitAssignmentTabProps<TItem extends GridValidRowModel> {
  /** `member` or `role`: prefixes the test ids. */
  kind: string;
  /** Namespaced keys of the tab's name and of one row's noun. */
  titleKey: string;
  entityKey: string;
  queryKey: readonly unknown[];
  fetchPage(request: PagedListRequest): Promise<PagedListResult<TItem>>;
  columns: GridColDef<TItem>[];
  sortFields: readonly string[];
  getId(item: TItem): string;
  getName(item: TItem): string;
  /** Whether the user may add and remove (ManageMembers / ManageRoles). */
  canManage: boolean;
  addLabelKey: string;
  onRemove(item: TItem): void;
  /** The add dialog, rendered while open. */
  renderAddDialog(close: () => void): ReactNode;
}

/** A searchable, paged list of what a unit holds (members or roles), with add and remove. */
export function UnitAssignmentTab<TItem extends GridValidRowModel>(props: UnitAssignmentTabProps<TItem>) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  // Add and remove are the unit's, not the user's or role's: no create, edit or delete of rows.
  const resource: CrudResource<TItem, Record<string, never>> = {
    queryKey: props.queryKey,
    titleKey: props.titleKey,
    entityKey: props.entityKey,
    columns: () => props.columns,
    sortFields: props.sortFields,
    getId: props.getId,
    getName: props.getName,
    fetchList: props.fetchPage,
    permissions: {},
    rowActions: props.canManage
      ? [
          {
            id: `ou-remove-${props.kind}`,
            labelKey: 'identity:organizationUnits.remove',
            icon: <RemoveCircleOutlineIcon fontSize="small" />,
            onClick: props.onRemove,
          },
        ]
      : [],
  };
  return (
    <CrudListPage
      resource={resource}
      hideTitle
      gridTestId={`ou-${props.kind}-grid`}
      toolbarActions={
        props.canManage && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            data-testid={`ou-add-${props.kind}s`}
          >
            {t(props.addLabelKey)}
          </Button>
        )
      }
    >
      {adding && props.renderAddDialog(() => setAdding(false))}
    </CrudListPage>
  );
}
