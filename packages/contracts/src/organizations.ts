import { z } from 'zod';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Contracts of the organizations feature (`/api/organizations`, screen `/organizaitons`). An
 * organization is an organization unit (one tree per tenant) with a customer, a default geofence
 * for its citizens and the count of its devices.
 */

/** Translation keys of the rules the organizations service enforces. */
export const ORGANIZATION_MESSAGE_KEYS = {
  nameTaken: 'organizations:nameTaken',
  unknownParent: 'organizations:unknownParent',
  moveIntoOwnSubtree: 'organizations:moveIntoOwnSubtree',
  /** `{count}`: the number of direct sub-organizations. */
  hasChildren: 'organizations:hasChildren',
  /** `{count}`: the number of devices of the organization. */
  hasDevices: 'organizations:hasDevices',
  unknownCustomer: 'organizations:unknownCustomer',
  unknownGeofence: 'organizations:unknownGeofence',
} as const;

/** Columns the organizations list sorts by (`sorting=displayName desc`). */
export const ORGANIZATION_SORT_FIELDS = ['displayName', 'parentName', 'deviceCount', 'createdAt'] as const;

export const zOrganization = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  parentName: z.string().nullable(),
  /** Materialised path (`00001.00002`); sorting by it lists the tree depth-first. */
  code: z.string(),
  displayName: z.string(),
  customerId: z.uuid().nullable(),
  customerName: z.string().nullable(),
  /** The default geofence of the organization's citizens. */
  geofenceId: z.uuid().nullable(),
  geofenceName: z.string().nullable(),
  deviceCount: z.number().int(),
  /** Direct sub-organizations, so a tree can show an expander before loading them. */
  childCount: z.number().int(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof zOrganization>;

/**
 * GET /api/organizations (filter searches the name; `roots=true` keeps the top level only, the
 * first level of the tree) and GET /api/organizations/:id/children.
 */
export const zOrganizationListRequest = zPagedRequest.extend({
  roots: z.enum(['true', 'false']).optional(),
});
export type OrganizationListRequest = z.input<typeof zOrganizationListRequest>;
export const zOrganizationListResponse = zPagedResult(zOrganization);
export type OrganizationListResponse = z.infer<typeof zOrganizationListResponse>;

/**
 * The request of every lookup (`?filter=&skip=&take=`): organizations, roles, and the customer and
 * geofence lookups an autocomplete field pages through.
 */
export const zLookupRequest = z.object({
  filter: z.string().trim().max(256).optional(),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(100).default(20),
});
export type LookupRequest = z.input<typeof zLookupRequest>;

export const zLookupItem = z.object({ id: z.uuid(), displayName: z.string() });
export type LookupItem = z.infer<typeof zLookupItem>;
export const zLookupResponse = zPagedResult(zLookupItem);
export type LookupResponse = z.infer<typeof zLookupResponse>;

const zOrganizationFields = z.object({
  displayName: z.string().trim().min(1).max(128),
  customerId: z.uuid().nullable().optional(),
  geofenceId: z.uuid().nullable().optional(),
});

/** POST /api/organizations: under a parent, or at the root when `parentId` is null or absent. */
export const zCreateOrganizationRequest = zOrganizationFields.extend({
  parentId: z.uuid().nullable().optional(),
});
export type CreateOrganizationRequest = z.input<typeof zCreateOrganizationRequest>;

/** PUT /api/organizations/:id; the parent changes only by moving. */
export const zUpdateOrganizationRequest = zOrganizationFields;
export type UpdateOrganizationRequest = z.input<typeof zUpdateOrganizationRequest>;

/** POST /api/organizations/:id/move; null moves to the root. Never into its own subtree. */
export const zMoveOrganizationRequest = z.object({ newParentId: z.uuid().nullable() });
export type MoveOrganizationRequest = z.input<typeof zMoveOrganizationRequest>;

/** GET /api/organizations/:id/default-customer: the nearest customer up the tree, self included. */
export const zDefaultCustomerResponse = z.object({ customerId: z.uuid().nullable() });
export type DefaultCustomerResponse = z.infer<typeof zDefaultCustomerResponse>;
