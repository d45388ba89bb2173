import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseLanguage } from '../../app/state/app-store';
import { dataGridLocaleText } from './data-grid-locale';
import {
  PAGE_SIZE_OPTIONS,
  toPagedListRequest,
  type PagedListRequest,
  type PagedListResult,
} from './paged-list-request';

export interface ServerDataGridProps<TItem extends GridValidRowModel> {
  /** Key of the list query; filters belong in it. The page, sort and search are appended. */
  queryKey: readonly unknown[];
  fetchPage(request: PagedListRequest): Promise<PagedListResult<TItem>>;
  columns: GridColDef<TItem>[];
  /** The fields the endpoint sorts by (contracts `*_SORT_FIELDS`); other columns are not sortable. */
  sortFields?: readonly string[];
  getRowId(item: TItem): string;
  /** Free-text search, already debounced; a new search starts at the first page. */
  search?: string;
  /** Anything else that restarts paging when it changes (serialised filters). */
  filterKey?: string;
  testId?: string;
  /**
   * Fetch again when the grid mounts with data already cached (the app's default is not to):
   * for lists that change behind the screen's back, such as alarms acted on elsewhere.
   */
  refetchOnMount?: boolean;
}

function NoRowsOverlay() {
  const { t } = useTranslation();
  return (
    <Stack
      data-testid="crud-list-empty"
      sx={{ height: '100%', alignItems: 'center', justifyContent: 'center' }}
    >
      <Typography color="text.secondary">{t('errors.noData')}</Typography>
    </Stack>
  );
}

/**
 * A DataGrid whose rows, paging and sorting all happen on the server: it asks the API for exactly
 * the page the user looks at, and shows loading, empty and error states.
 */
export function ServerDataGrid<TItem extends GridValidRowModel>({
  queryKey,
  fetchPage,
  columns,
  sortFields,
  getRowId,
  search = '',
  filterKey = '',
  testId = 'crud-grid',
  refetchOnMount = false,
}: ServerDataGridProps<TItem>) {
  const { t, i18n } = useTranslation();
  // The grid's own texts follow the language the rest of the screen is shown in.
  const language = parseLanguage(i18n.resolvedLanguage);
  const localeText = useMemo(() => dataGridLocaleText(language, t), [language, t]);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  // A changed search or filter shows its first page (derived state, adjusted during render).
  const restartKey = `${search}\u0000${filterKey}`;
  const [lastRestartKey, setLastRestartKey] = useState(restartKey);
  if (restartKey !== lastRestartKey) {
    setLastRestartKey(restartKey);
    setPagination((current) => ({ ...current, page: 0 }));
  }

  const request = toPagedListRequest(pagination, sortModel, search);
  const list = useQuery({
    queryKey: [...queryKey, 'list', request],
    queryFn: () => fetchPage(request),
    placeholderData: keepPreviousData,
    refetchOnMount,
  });

  if (list.isError && !list.data) {
    return (
      <Alert
        severity="error"
        data-testid="crud-list-error"
        action={
          <Button color="inherit" size="small" onClick={() => list.refetch()} data-testid="crud-list-retry">
            {t('errors.tryAgain')}
          </Button>
        }
      >
        {t('identity:crud.loadFailed')}
      </Alert>
    );
  }

  // DataGrid does not pass data-* props to its root, so the test id sits on a wrapper.
  return (
    <Box data-testid={testId}>
      <DataGrid
        rows={list.data?.items ?? []}
        rowCount={list.data?.totalCount ?? 0}
        columns={
          sortFields
            ? columns.map((column) =>
                sortFields.includes(column.field) ? column : { ...column, sortable: false },
              )
            : columns
        }
        getRowId={getRowId}
        loading={list.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        sortModel={sortModel}
        onSortModelChange={setSortModel}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        disableRowSelectionOnClick
        disableColumnFilter
        autoHeight
        localeText={localeText}
        slots={{ noRowsOverlay: NoRowsOverlay }}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
        sx={{ minHeight: 320 }}
      />
    </Box>
  );
}
