import {
  CONTACT_MESSAGE_KEYS,
  type ContactPerson,
  type ContactPersonListResponse,
  type ContactRole,
  type zContactPersonListRequest,
  type zCreateContactRoleRequest,
  type zSaveContactPersonRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { isoTime } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './contact-people.repository';

type ContactContext = Pick<RequestContext, 'db' | 'tenantId'>;
type SaveContactPerson = z.output<typeof zSaveContactPersonRequest>;

function toContactPerson(row: repository.ContactPersonListRow): ContactPerson {
  return {
    id: row.id,
    tenantId: row.tenantId,
    customerId: row.customerId,
    customerName: row.customerName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    zip: row.zip,
    street: row.street,
    city: row.city,
    note: row.note,
    roles: row.roles,
    createdAt: isoTime(row.createdAt),
  };
}

export async function listContactPeople(
  ctx: ContactContext,
  request: z.output<typeof zContactPersonListRequest>,
): Promise<ContactPersonListResponse> {
  const { items, totalCount } = await repository.findContactPeople(ctx.db, ctx.tenantId, request);
  return { items: items.map(toContactPerson), totalCount };
}

export async function getContactPerson(ctx: ContactContext, id: string): Promise<ContactPerson> {
  const row = await repository.findContactPerson(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return toContactPerson(row);
}

/** The customer and every role must be the caller's tenant's; otherwise a field error. */
async function checkReferences(ctx: ContactContext, input: SaveContactPerson): Promise<void> {
  if (!(await repository.customerExists(ctx.db, ctx.tenantId, input.customerId))) {
    throw fieldError('customerId', CONTACT_MESSAGE_KEYS.unknownCustomer);
  }
  const known = new Set((await repository.findContactRoles(ctx.db, ctx.tenantId)).map((role) => role.id));
  const unknown = input.roleIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw fieldError(`roleIds.${unknown}`, CONTACT_MESSAGE_KEYS.unknownContactRole);
}

function valuesOf(input: SaveContactPerson) {
  const { roleIds: _roleIds, ...values } = input;
  return values;
}

export async function createContactPerson(
  ctx: ContactContext,
  input: SaveContactPerson,
): Promise<ContactPerson> {
  await checkReferences(ctx, input);
  const id = await repository.insertContactPerson(ctx.db, { tenantId: ctx.tenantId, ...valuesOf(input) });
  await repository.replaceContactPersonRoles(ctx.db, ctx.tenantId, id, [...new Set(input.roleIds)]);
  return getContactPerson(ctx, id);
}

export async function updateContactPerson(
  ctx: ContactContext,
  id: string,
  input: SaveContactPerson,
): Promise<ContactPerson> {
  await getContactPerson(ctx, id);
  await checkReferences(ctx, input);
  await repository.updateContactPerson(ctx.db, ctx.tenantId, id, valuesOf(input));
  await repository.replaceContactPersonRoles(ctx.db, ctx.tenantId, id, [...new Set(input.roleIds)]);
  return getContactPerson(ctx, id);
}

export async function deleteContactPerson(ctx: ContactContext, id: string): Promise<void> {
  if (!(await repository.deleteContactPerson(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
}

export async function listContactRoles(ctx: ContactContext): Promise<{ items: ContactRole[] }> {
  return { items: await repository.findContactRoles(ctx.db, ctx.tenantId) };
}

export async function createContactRole(
  ctx: ContactContext,
  input: z.output<typeof zCreateContactRoleRequest>,
): Promise<ContactRole> {
  const taken = { field: 'name', message: CONTACT_MESSAGE_KEYS.contactRoleTaken };
  const exists = (await repository.findContactRoles(ctx.db, ctx.tenantId)).some(
    (role) => role.name.toLowerCase() === input.name.toLowerCase(),
  );
  if (exists) throw fieldError(taken.field, taken.message);
  return withUniqueFieldErrors(() => repository.insertContactRole(ctx.db, ctx.tenantId, input.name), {
    contact_roles_tenant_name_unique: taken,
  });
}

/** Deleting a role takes it off every contact person who had it. */
export async function deleteContactRole(ctx: ContactContext, id: string): Promise<void> {
  if (!(await repository.deleteContactRole(ctx.db, ctx.tenantId, id))) throw new DomainError('not_found');
}
