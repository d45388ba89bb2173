import type { PagedRequest, PagedResult } from '@homeward/contracts';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';

/** The paging query and page shape of every list endpoint, from the contracts. */
export type PagedListRequest = PagedRequest;
export type PagedListResult<T> = PagedResult<T>;

export const PAGE_SIZE_OPTIONS = [10, 25, 50];

/** The grid's page, sort and search turned into the API's paging query. */
export function toPagedListRequest(
  pagination: GridPaginationModel,
  sortModel: GridSortModel,
  search: string,
): PagedListRequest {
  const sort = sortModel[0];
  const filter = search.trim();
  return {
    skipCount: pagination.page * pagination.pageSize,
    maxResultCount: pagination.pageSize,
    ...(sort?.sort ? { sorting: `${sort.field} ${sort.sort}` } : {}),
    ...(filter ? { filter } : {}),
  };
}

export { toQueryString } from '../../app/api/query-string';
