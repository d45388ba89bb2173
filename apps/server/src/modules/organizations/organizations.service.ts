import {
  IDENTITY_MESSAGE_KEYS,
  ORGANIZATION_MESSAGE_KEYS,
  type CreateOrganizationRequest,
  type Language,
  type LookupResponse,
  type Organization,
  type OrganizationListResponse,
  type UpdateOrganizationRequest,
} from '@homeward/contracts';
import { isoTime, type PageRequest } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { serverTexts } from '../../platform/i18n/server-texts';
import {
  createOrganizationUnit,
  deleteOrganizationUnit,
  lockTree,
  moveOrganizationUnit,
  renameOrganizationUnit,
} from '../organization-units';
import * as repository from './organizations.repository';

/**
 * Organizations: organization units seen as the care organization (customer, default geofence,
 * devices). Tree rules (codes, moves, sibling names) are the organization-units service's; this
 * service adds the organization's fields and its own messages.
 */

type Lookup = { filter?: string; skip: number; take: number };

function toOrganization(row: repository.OrganizationRecord): Organization {
  return { ...row, createdAt: isoTime(row.createdAt) };
}

export async function requireOrganization(ctx: Pick<RequestContext, 'db' | 'tenantId'>, id: string) {
  const row = await repository.findOrganization(ctx.db, ctx.tenantId, id);
  // Another tenant's organization must not be told apart from none.
  if (!row) throw new DomainError('not_found');
  return row;
}

/** The tree service's field errors, reworded in the organizations namespace. */
const MESSAGE_OF_UNIT_RULE: Record<string, string> = {
  [IDENTITY_MESSAGE_KEYS.organizationUnitNameTaken]: ORGANIZATION_MESSAGE_KEYS.nameTaken,
  [IDENTITY_MESSAGE_KEYS.unknownOrganizationUnit]: ORGANIZATION_MESSAGE_KEYS.unknownParent,
  [IDENTITY_MESSAGE_KEYS.organizationUnitMoveIntoItself]: ORGANIZATION_MESSAGE_KEYS.moveIntoOwnSubtree,
};

async function withOrganizationMessages<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError) || !error.validationErrors) throw error;
    throw new DomainError(
      error.code,
      undefined,
      error.details,
      error.validationErrors.map((item) => ({
        ...item,
        message: MESSAGE_OF_UNIT_RULE[item.message] ?? item.message,
      })),
    );
  }
}

export async function listOrganizations(
  ctx: Pick<RequestContext, 'db' | 'tenantId'>,
  page: PageRequest & { roots?: 'true' | 'false' },
): Promise<OrganizationListResponse> {
  const parentId = page.roots === 'true' ? null : undefined;
  const result = await repository.findOrganizations(ctx.db, ctx.tenantId, page, parentId);
  return { items: result.items.map(toOrganization), totalCount: result.totalCount };
}

/** Direct children of one organization, paged (the tree loads each level when it opens). */
export async function listChildren(
  ctx: Pick<RequestContext, 'db' | 'tenantId'>,
  id: string,
  page: PageRequest,
): Promise<OrganizationListResponse> {
  await requireOrganization(ctx, id);
  const result = await repository.findOrganizations(ctx.db, ctx.tenantId, page, id);
  return { items: result.items.map(toOrganization), totalCount: result.totalCount };
}

export async function getOrganization(ctx: Pick<RequestContext, 'db' | 'tenantId'>, id: string) {
  return toOrganization(await requireOrganization(ctx, id));
}

export async function lookupOrganizations(ctx: Pick<RequestContext, 'db' | 'tenantId'>, lookup: Lookup) {
  return repository.findOrganizationLookup(ctx.db, ctx.tenantId, lookup) satisfies Promise<LookupResponse>;
}

export async function lookupRoles(ctx: Pick<RequestContext, 'db' | 'tenantId'>, lookup: Lookup) {
  return repository.findRoleLookup(ctx.db, ctx.tenantId, lookup) satisfies Promise<LookupResponse>;
}

/** The customer and geofence must be the tenant's own; each unknown one is a field error. */
async function checkLinks(
  ctx: Pick<RequestContext, 'db' | 'tenantId'>,
  links: { customerId: string | null; geofenceId: string | null },
): Promise<void> {
  const found = await repository.findLinkTargets(ctx.db, ctx.tenantId, links);
  const errors = [
    ...(links.customerId && !found.customer
      ? [{ field: 'customerId', message: ORGANIZATION_MESSAGE_KEYS.unknownCustomer }]
      : []),
    ...(links.geofenceId && !found.geofence
      ? [{ field: 'geofenceId', message: ORGANIZATION_MESSAGE_KEYS.unknownGeofence }]
      : []),
  ];
  if (errors.length > 0) throw new DomainError('validation_failed', undefined, undefined, errors);
}

export async function lookupCustomers(ctx: Pick<RequestContext, 'db' | 'tenantId'>, lookup: Lookup) {
  return repository.findCustomerLookup(ctx.db, ctx.tenantId, lookup) satisfies Promise<LookupResponse>;
}

export async function lookupGeofences(ctx: Pick<RequestContext, 'db' | 'tenantId'>, lookup: Lookup) {
  return repository.findGeofenceLookup(ctx.db, ctx.tenantId, lookup) satisfies Promise<LookupResponse>;
}

export async function createOrganization(
  ctx: RequestContext,
  input: CreateOrganizationRequest,
): Promise<Organization> {
  await checkLinks(ctx, { customerId: input.customerId ?? null, geofenceId: input.geofenceId ?? null });
  const unit = await withOrganizationMessages(() =>
    createOrganizationUnit(ctx, { displayName: input.displayName, parentId: input.parentId ?? null }),
  );
  await repository.updateOrganizationLinks(
    ctx.db,
    ctx.tenantId,
    unit.id,
    { customerId: input.customerId ?? null, geofenceId: input.geofenceId ?? null },
    ctx.now(),
  );
  return getOrganization(ctx, unit.id);
}

export async function updateOrganization(
  ctx: RequestContext,
  id: string,
  input: UpdateOrganizationRequest,
): Promise<Organization> {
  await checkLinks(ctx, { customerId: input.customerId ?? null, geofenceId: input.geofenceId ?? null });
  await withOrganizationMessages(() => renameOrganizationUnit(ctx, id, input.displayName));
  await repository.updateOrganizationLinks(
    ctx.db,
    ctx.tenantId,
    id,
    { customerId: input.customerId ?? null, geofenceId: input.geofenceId ?? null },
    ctx.now(),
  );
  return getOrganization(ctx, id);
}

export async function moveOrganization(
  ctx: RequestContext,
  id: string,
  newParentId: string | null,
): Promise<Organization> {
  await withOrganizationMessages(() => moveOrganizationUnit(ctx, id, newParentId));
  return getOrganization(ctx, id);
}

/**
 * Refuses with 409 and the reason (with its count) both as a key the client translates and as a
 * message in the caller's language.
 */
async function refuse(language: Language, key: string, count: number): Promise<never> {
  await serverTexts.load([language], ['organizations']);
  throw new DomainError('conflict', serverTexts.translate(language, key, { count }), undefined, [
    { field: 'id', message: key, params: { count } },
  ]);
}

/** Deletes an organization that has neither sub-organizations nor devices. */
export async function deleteOrganization(ctx: RequestContext, id: string, language: Language) {
  // No sub-organization may appear between the check and the delete.
  await lockTree(ctx.db, ctx.tenantId);
  const organization = await requireOrganization(ctx, id);
  if (organization.childCount > 0) {
    await refuse(language, ORGANIZATION_MESSAGE_KEYS.hasChildren, organization.childCount);
  }
  if (organization.deviceCount > 0) {
    await refuse(language, ORGANIZATION_MESSAGE_KEYS.hasDevices, organization.deviceCount);
  }
  await withOrganizationMessages(() => deleteOrganizationUnit(ctx, id));
}

/** The customer of the organization or of its nearest ancestor that has one (null: none). */
export async function getDefaultCustomer(ctx: Pick<RequestContext, 'db' | 'tenantId'>, id: string) {
  const organization = await requireOrganization(ctx, id);
  return {
    customerId: await repository.findNearestCustomerId(ctx.db, ctx.tenantId, organization.code),
  };
}
