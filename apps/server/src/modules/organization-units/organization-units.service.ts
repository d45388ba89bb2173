import {
  CITIZEN_MESSAGE_KEYS,
  IDENTITY_MESSAGE_KEYS,
  type OrganizationUnit,
  type zCreateOrganizationUnitRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { isSameOrDescendant, nextChildCode } from './organization-unit-code';
import * as repository from './organization-units.repository';
import { type RequestContext } from '../../platform/http/request-context';
import { fieldError } from '../../platform/errors/field-errors';
import { isoTime } from '../../platform/db/query-helpers';

/** The organization-unit tree: the rules on top of its repository. */

type UnitRecord = NonNullable<Awaited<ReturnType<typeof repository.findUnit>>>;

function toOrganizationUnit(row: UnitRecord): OrganizationUnit {
  return { ...row, createdAt: isoTime(row.createdAt) };
}

/** The unit of the caller's tenant, or 404 (another tenant's unit must not be told apart from none). */
export async function requireUnit(db: Database, tenantId: string | null, id: string): Promise<UnitRecord> {
  const row = await repository.findUnit(db, tenantId, id);
  if (!row) throw new DomainError('not_found');
  return row;
}

export async function getOrganizationUnitTree(ctx: RequestContext) {
  return { items: (await repository.findUnits(ctx.db, ctx.tenantId)).map(toOrganizationUnit) };
}

export async function getOrganizationUnit(ctx: RequestContext, id: string) {
  return toOrganizationUnit(await requireUnit(ctx.db, ctx.tenantId, id));
}

/** A parent named in a body that is not in the tenant is a field error, not a 404 of the route. */
async function requireParent(ctx: RequestContext, db: Database, field: string, parentId: string) {
  const parent = await repository.findUnit(db, ctx.tenantId, parentId);
  if (!parent) throw fieldError(field, IDENTITY_MESSAGE_KEYS.unknownOrganizationUnit);
  return parent;
}

export async function createOrganizationUnit(
  ctx: RequestContext,
  input: z.output<typeof zCreateOrganizationUnitRequest>,
): Promise<OrganizationUnit> {
  const parentId = input.parentId ?? null;
  const row = await ctx.db.transaction(async (tx) => {
    await repository.lockTree(tx, ctx.tenantId);
    const parent = parentId ? await requireParent(ctx, tx, 'parentId', parentId) : null;
    if (await repository.isSiblingNameTaken(tx, ctx.tenantId, parentId, input.displayName)) {
      throw fieldError('displayName', IDENTITY_MESSAGE_KEYS.organizationUnitNameTaken);
    }
    const code = nextChildCode(
      parent?.code ?? null,
      await repository.findChildCodes(tx, ctx.tenantId, parentId),
    );
    const id = await repository.insertUnit(tx, {
      tenantId: ctx.tenantId,
      parentId,
      code,
      displayName: input.displayName,
    });
    return requireUnit(tx, ctx.tenantId, id);
  });
  return toOrganizationUnit(row);
}

export async function renameOrganizationUnit(
  ctx: RequestContext,
  id: string,
  displayName: string,
): Promise<OrganizationUnit> {
  const row = await ctx.db.transaction(async (tx) => {
    const unit = await requireUnit(tx, ctx.tenantId, id);
    if (await repository.isSiblingNameTaken(tx, ctx.tenantId, unit.parentId, displayName, id)) {
      throw fieldError('displayName', IDENTITY_MESSAGE_KEYS.organizationUnitNameTaken);
    }
    await repository.renameUnit(tx, ctx.tenantId, id, displayName, ctx.now());
    return requireUnit(tx, ctx.tenantId, id);
  });
  return toOrganizationUnit(row);
}

/** Moves a unit with its subtree under another unit (or to the root); never into its own subtree. */
export async function moveOrganizationUnit(
  ctx: RequestContext,
  id: string,
  newParentId: string | null,
): Promise<OrganizationUnit> {
  const row = await ctx.db.transaction(async (tx) => {
    await repository.lockTree(tx, ctx.tenantId);
    const unit = await requireUnit(tx, ctx.tenantId, id);
    if (unit.parentId === newParentId) return unit;
    const parent = newParentId ? await requireParent(ctx, tx, 'newParentId', newParentId) : null;
    if (parent && isSameOrDescendant(parent.code, unit.code)) {
      throw fieldError('newParentId', IDENTITY_MESSAGE_KEYS.organizationUnitMoveIntoItself);
    }
    if (await repository.isSiblingNameTaken(tx, ctx.tenantId, newParentId, unit.displayName, id)) {
      throw fieldError('newParentId', IDENTITY_MESSAGE_KEYS.organizationUnitNameTaken);
    }
    const newCode = nextChildCode(
      parent?.code ?? null,
      await repository.findChildCodes(tx, ctx.tenantId, newParentId),
    );
    await repository.moveSubtree(
      tx,
      ctx.tenantId,
      { id, oldCode: unit.code, newCode, newParentId },
      ctx.now(),
    );
    return requireUnit(tx, ctx.tenantId, id);
  });
  return toOrganizationUnit(row);
}

export async function deleteOrganizationUnit(ctx: RequestContext, id: string): Promise<void> {
  const memberIds = await ctx.db.transaction(async (tx) => {
    await requireUnit(tx, ctx.tenantId, id);
    if (await repository.hasChildren(tx, ctx.tenantId, id)) {
      throw fieldError('id', IDENTITY_MESSAGE_KEYS.organizationUnitHasChildren);
    }
    // Devices restrict the delete in the database; say so instead of failing on the foreign key.
    const deviceCount = await repository.countDevices(tx, ctx.tenantId, id);
    if (deviceCount > 0) {
      throw fieldError('id', IDENTITY_MESSAGE_KEYS.organizationUnitHasDevices, { count: deviceCount });
    }
    const citizenCount = await repository.countCitizens(tx, ctx.tenantId, id);
    if (citizenCount > 0) {
      throw fieldError('id', CITIZEN_MESSAGE_KEYS.organizationHasCitizens, { count: citizenCount });
    }
    const members = await repository.findMemberIds(tx, id);
    await repository.deleteUnit(tx, ctx.tenantId, id);
    return members;
  });
  // Members lose the roles the unit gave them.
  memberIds.forEach((userId) => ctx.authorizations.invalidate(userId));
}
