import { z } from 'zod';
import { zOptionalEmail, zOptionalPhone, zOptionalText } from './field-rules';
import { zPagedRequest, zPagedResult, zListResult } from './users';

/** Contracts of contact people (/api/contact-people) and their per-tenant roles (/api/contact-roles). */

export const CONTACT_PERSON_SORT_FIELDS = [
  'lastName',
  'firstName',
  'email',
  'customerName',
  'createdAt',
] as const;

/** Translation keys (namespace `customers`) of the rules the server enforces. */
export const CONTACT_MESSAGE_KEYS = {
  unknownCustomer: 'customers:unknownCustomer',
  unknownContactRole: 'customers:unknownContactRole',
  contactRoleTaken: 'customers:contactRoleTaken',
} as const;

/** The roles a new tenant starts with; each tenant edits its own list. */
export const DEFAULT_CONTACT_ROLES = [
  'Agreement responsible',
  'Invoice receiver',
  'Technical contact',
] as const;

export const zContactRole = z.object({ id: z.uuid(), name: z.string() });
export type ContactRole = z.infer<typeof zContactRole>;
export const zContactRoleListResponse = zListResult(zContactRole);
export const zCreateContactRoleRequest = z.object({ name: z.string().trim().min(1).max(64) });
export type CreateContactRoleRequest = z.input<typeof zCreateContactRoleRequest>;

export const zContactPerson = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  customerId: z.uuid(),
  customerName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  zip: z.string(),
  street: z.string(),
  city: z.string(),
  note: z.string(),
  roles: z.array(zContactRole),
  createdAt: z.string(),
});
export type ContactPerson = z.infer<typeof zContactPerson>;

/** GET /api/contact-people: every contact of the tenant, or one customer's. */
export const zContactPersonListRequest = zPagedRequest.extend({ customerId: z.uuid().optional() });
export type ContactPersonListRequest = z.input<typeof zContactPersonListRequest>;
export const zContactPersonListResponse = zPagedResult(zContactPerson);
export type ContactPersonListResponse = z.infer<typeof zContactPersonListResponse>;

/** POST /api/contact-people and PUT /api/contact-people/:id. */
export const zSaveContactPersonRequest = z.object({
  customerId: z.uuid(),
  firstName: z.string().trim().min(1).max(64),
  lastName: z.string().trim().min(1).max(64),
  email: zOptionalEmail,
  phone: zOptionalPhone,
  zip: zOptionalText(16),
  street: zOptionalText(128),
  city: zOptionalText(64),
  note: zOptionalText(2000),
  roleIds: z.array(z.uuid()).max(20).optional().default([]),
});
export type SaveContactPersonRequest = z.input<typeof zSaveContactPersonRequest>;
