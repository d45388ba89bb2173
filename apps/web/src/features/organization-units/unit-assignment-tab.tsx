import { useState, type ReactNode } from 'react';
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { CrudRowActions } from '../../components/crud/crud-row-actions';
import type { PagedListRequest, PagedListResult } from '../../components/crud/paged-list-request';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';

interface UnitAssignmentTabProps<TItem extends GridValidRowModel> {
  /** `member` or `role`: prefixes the test ids. */
  kind: string;
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
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [adding, setAdding] = useState(false);
  const columns: GridColDef<TItem>[] = [
    ...props.columns,
    ...(props.canManage
      ? [
          {
            field: '__actions',
            headerName: t('identity:crud.actions'),
            sortable: false,
            disableColumnMenu: true,
            width: 100,
            renderCell: ({ row }) => (
              <CrudRowActions
                actions={[
                  {
                    testId: `ou-remove-${props.kind}-${props.getName(row)}`,
                    labelKey: 'identity:organizationUnits.remove',
                    icon: <RemoveCircleOutlineIcon fontSize="small" />,
                    onClick: () => props.onRemove(row),
                  },
                ]}
              />
            ),
          } satisfies GridColDef<TItem>,
        ]
      : []),
  ];
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ mb: 2, justifyContent: 'space-between' }}>
        <TextField
          size="small"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder={t('identity:crud.search')}
          slotProps={{ htmlInput: { 'aria-label': t('identity:crud.search') } }}
        />
        {props.canManage && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            data-testid={`ou-add-${props.kind}s`}
          >
            {t(props.addLabelKey)}
          </Button>
        )}
      </Stack>
      <ServerDataGrid
        queryKey={props.queryKey}
        fetchPage={props.fetchPage}
        columns={columns}
        sortFields={props.sortFields}
        getRowId={props.getId}
        search={search}
        testId={`ou-${props.kind}-grid`}
      />
      {adding && props.renderAddDialog(() => setAdding(false))}
    </>
  );
}
