import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  contactPersonEndpoints,
  type ContactPersonListRequest,
  type ContactPersonListResponse,
  type ContactRole,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every contact-person query; contact mutations invalidate it. */
export const CONTACT_PEOPLE_QUERY_KEY = ['contact-people'] as const;

/** GET /api/contact-people: one page, of one customer when `customerId` is given. */
export function getContactPeople(request: ContactPersonListRequest): Promise<ContactPersonListResponse> {
  return callEndpoint(contactPersonEndpoints.list, { query: request });
}

/** GET /api/contact-roles: the tenant's contact roles. */
export function getContactRoles(): Promise<{ items: ContactRole[] }> {
  return callEndpoint(contactPersonEndpoints.roles);
}

export const contactRolesQueryOptions = queryOptions({
  queryKey: [...CONTACT_PEOPLE_QUERY_KEY, 'roles'],
  queryFn: getContactRoles,
});

export function useContactRoles() {
  return useQuery(contactRolesQueryOptions);
}
