import {
  organizationEndpoints,
  type Organization,
  type OrganizationListRequest,
  type OrganizationListResponse,
} from '@homeward/contracts';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every organizations query; every write invalidates it. */
export const ORGANIZATIONS_QUERY_KEY = ['organizations'] as const;
/** Organizations one tree level loads at a time ("Show more" loads the next ones). */
export const TREE_PAGE_SIZE = 50;

/** GET /api/organizations: one page, searched and sorted on the server. */
export function getOrganizations(request: OrganizationListRequest): Promise<OrganizationListResponse> {
  return callEndpoint(organizationEndpoints.list, { query: request });
}

/** GET /api/organizations/:id. */
export function getOrganization(id: string): Promise<Organization> {
  return callEndpoint(organizationEndpoints.get, { params: { id } });
}

/** GET /api/organizations/:id/children, or the top level (`roots=true`) for null. */
export function getOrganizationLevel(
  parentId: string | null,
  skipCount: number,
): Promise<OrganizationListResponse> {
  const page = { skipCount, maxResultCount: TREE_PAGE_SIZE };
  return parentId
    ? callEndpoint(organizationEndpoints.children, { params: { id: parentId }, query: page })
    : getOrganizations({ ...page, roots: 'true' });
}

/** One level of the tree, loaded when its parent opens, page by page. */
export const organizationLevelQueryOptions = (parentId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...ORGANIZATIONS_QUERY_KEY, 'level', parentId],
    queryFn: ({ pageParam }) => getOrganizationLevel(parentId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.totalCount && last.items.length > 0 ? loaded : undefined;
    },
  });

export function useOrganizationLevel(parentId: string | null) {
  return useInfiniteQuery(organizationLevelQueryOptions(parentId));
}

/** The search box's results: the paged list filtered by name. */
export const organizationSearchQueryOptions = (filter: string) =>
  queryOptions({
    queryKey: [...ORGANIZATIONS_QUERY_KEY, 'search', filter],
    queryFn: () => getOrganizations({ filter, maxResultCount: 20 }),
    enabled: filter.length > 0,
  });

export function useOrganizationSearch(filter: string) {
  return useQuery(organizationSearchQueryOptions(filter));
}

/** The ids from the root down to the organization's parent, so the tree can open them. */
export async function getAncestorIds(organization: Organization): Promise<string[]> {
  const ids: string[] = [];
  let parentId = organization.parentId;
  while (parentId) {
    ids.unshift(parentId);
    parentId = (await getOrganization(parentId)).parentId;
  }
  return ids;
}
