import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactPersonListRequest, ContactPersonListResponse, ContactRole } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every contact-person query; contact mutations invalidate it. */
export const CONTACT_PEOPLE_QUERY_KEY = ['contact-people'] as const;
export const CONTACT_PEOPLE_PATH = '/api/contact-people';

/** GET /api/contact-people: one page, of one customer when `customerId` is given. */
export function getContactPeople(request: ContactPersonListRequest): Promise<ContactPersonListResponse> {
  return apiFetch(`${CONTACT_PEOPLE_PATH}${toQueryString(request)}`);
}

/** GET /api/contact-roles: the tenant's contact roles. */
export function getContactRoles(): Promise<{ items: ContactRole[] }> {
  return apiFetch('/api/contact-roles');
}

export const contactRolesQueryOptions = queryOptions({
  queryKey: [...CONTACT_PEOPLE_QUERY_KEY, 'roles'],
  queryFn: getContactRoles,
});

export function useContactRoles() {
  return useQuery(contactRolesQueryOptions);
}
