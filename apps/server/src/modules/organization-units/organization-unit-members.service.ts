import { IDENTITY_MESSAGE_KEYS, type zPagedRequest } from '@homeward/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import * as repository from './organization-unit-members.repository';
import { findMemberIds } from './organization-units.repository';
import { requireUnit } from './organization-units.service';
import { type RequestContext } from '../../platform/http/request-context';
import { fieldError } from '../../platform/errors/field-errors';
import { orderByOf } from '../../platform/db/query-helpers';

/** Members and roles of organization units. Members inherit the unit's roles, so every change here
 * invalidates the authorization of the members it affects. */

type Page = z.output<typeof zPagedRequest>;

export async function listMembers(ctx: RequestContext, unitId: string, query: Page) {
  await requireUnit(ctx.db, ctx.tenantId, unitId);
  const orderBy = orderByOf(query.sorting, repository.MEMBER_SORT_COLUMNS, repository.MEMBER_DEFAULT_ORDER);
  const { rows, totalCount } = await repository.findMembers(ctx.db, ctx.tenantId, unitId, query, orderBy);
  return { items: rows, totalCount };
}

export async function addMembers(ctx: RequestContext, unitId: string, userIds: string[]): Promise<void> {
  const wanted = [...new Set(userIds)];
  await ctx.db.transaction(async (tx) => {
    await requireUnit(tx, ctx.tenantId, unitId);
    const found = await repository.findUserIdsInTenant(tx, ctx.tenantId, wanted);
    if (found.length !== wanted.length) throw fieldError('userIds', IDENTITY_MESSAGE_KEYS.unknownUser);
    await repository.addMembers(tx, ctx.tenantId, unitId, wanted);
  });
  wanted.forEach((userId) => ctx.authorizations.invalidate(userId));
}

export async function removeMember(ctx: RequestContext, unitId: string, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await requireUnit(tx, ctx.tenantId, unitId);
    if (!(await repository.removeMember(tx, unitId, userId))) throw new DomainError('not_found');
  });
  ctx.authorizations.invalidate(userId);
}

export async function listUnitRoles(ctx: RequestContext, unitId: string, query: Page) {
  await requireUnit(ctx.db, ctx.tenantId, unitId);
  const orderBy = orderByOf(
    query.sorting,
    repository.UNIT_ROLE_SORT_COLUMNS,
    repository.UNIT_ROLE_DEFAULT_ORDER,
  );
  const { rows, totalCount } = await repository.findUnitRoles(ctx.db, ctx.tenantId, unitId, query, orderBy);
  return { items: rows, totalCount };
}

export async function addUnitRoles(ctx: RequestContext, unitId: string, roleIds: string[]): Promise<void> {
  const wanted = [...new Set(roleIds)];
  const members = await ctx.db.transaction(async (tx) => {
    await requireUnit(tx, ctx.tenantId, unitId);
    const found = await repository.findRoleIdsInTenant(tx, ctx.tenantId, wanted);
    if (found.length !== wanted.length) throw fieldError('roleIds', IDENTITY_MESSAGE_KEYS.unknownRole);
    await repository.addRoles(tx, ctx.tenantId, unitId, wanted);
    return findMemberIds(tx, unitId);
  });
  members.forEach((userId) => ctx.authorizations.invalidate(userId));
}

export async function removeUnitRole(ctx: RequestContext, unitId: string, roleId: string): Promise<void> {
  const members = await ctx.db.transaction(async (tx) => {
    await requireUnit(tx, ctx.tenantId, unitId);
    if (!(await repository.removeRole(tx, unitId, roleId))) throw new DomainError('not_found');
    return findMemberIds(tx, unitId);
  });
  members.forEach((userId) => ctx.authorizations.invalidate(userId));
}
