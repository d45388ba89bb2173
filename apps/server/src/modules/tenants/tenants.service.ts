import {
  FEATURE_NAMES,
  FEATURES,
  TENANT_MESSAGE_KEYS,
  fieldErrorsOf,
  zPassword,
  type Tenant,
  type TenantFeaturesResponse,
  type ValidationError,
  type zCreateTenantRequest,
  type zTenantListRequest,
  type zTenantLookupRequest,
  type zUpdateTenantFeaturesRequest,
  type zUpdateTenantRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../../platform/auth/user-names';
import type { Database } from '../../platform/db/database';
import { isoTime, orderByOf } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { withUniqueFieldErrors } from '../../platform/errors/field-errors';
import type { RequestContext } from '../../platform/http/request-context';
import { ensureTenantAdminRole } from '../roles';
import { seedContactRoles } from '../contact-people';
import { actAsTenant } from '../../platform/tenancy/act-as-tenant';
import { userRoles } from '../roles/roles.schema';
import { getIdentitySettings } from '../settings';
import { findIdentifierClashes, insertUser } from '../users';
import { loadTenantFeatures, saveTenantFeatures } from './tenant-features';
import * as repository from './tenants.repository';

/** Tenants management (host only): the rules on top of the tenants repository. */

/**
 * Tenants are the host's rows. The permissions are host-only, but a grant row could still name one
 * for a tenant user, so the host is checked here too: a tenant user never reaches another tenant.
 */
function requireHost(ctx: RequestContext): void {
  if (ctx.tenantId !== null) throw new DomainError('forbidden');
}

type TenantRecord = NonNullable<Awaited<ReturnType<typeof repository.findTenant>>>;

function toTenant(row: TenantRecord): Tenant {
  const owner = typeof row.owner === 'string' ? (JSON.parse(row.owner) as Tenant['owner']) : row.owner;
  return {
    ...row,
    owner: owner ?? null,
    watchCount: Number(row.watchCount ?? 0),
    nationalLogin: Boolean(row.nationalLogin),
    createdAt: isoTime(row.createdAt),
  };
}

export async function listTenants(ctx: RequestContext, query: z.output<typeof zTenantListRequest>) {
  requireHost(ctx);
  const orderBy = orderByOf(query.sorting, repository.TENANT_SORT_COLUMNS, repository.TENANT_DEFAULT_ORDER);
  const { rows, totalCount } = await repository.findTenants(ctx.db, query, orderBy);
  return { items: rows.map(toTenant), totalCount };
}

export async function listTenantLookup(ctx: RequestContext, query: z.output<typeof zTenantLookupRequest>) {
  requireHost(ctx);
  return { items: await repository.findTenantLookup(ctx.db, query.include) };
}

async function requireTenant(db: Database, id: string): Promise<TenantRecord> {
  const row = await repository.findTenant(db, id);
  if (!row) throw new DomainError('not_found');
  return row;
}

export async function getTenant(ctx: RequestContext, id: string): Promise<Tenant> {
  requireHost(ctx);
  return toTenant(await requireTenant(ctx.db, id));
}

const UNIQUE_TENANT_ERRORS = {
  tenants_name_unique: { field: 'name', message: TENANT_MESSAGE_KEYS.nameTaken },
  users_normalized_email_unique: { field: 'adminEmail', message: TENANT_MESSAGE_KEYS.adminEmailTaken },
  users_normalized_user_name_unique: { field: 'adminEmail', message: TENANT_MESSAGE_KEYS.adminEmailTaken },
};

function throwIfAny(errors: ValidationError[]): void {
  if (errors.length) throw new DomainError('validation_failed', undefined, undefined, errors);
}

/** The admin password must meet the host's policy (the request schema only knows the default). */
async function checkAdminPassword(ctx: RequestContext, password: string): Promise<void> {
  const { passwordPolicy } = await getIdentitySettings(ctx.db, null);
  const result = zPassword(passwordPolicy).safeParse(password);
  if (!result.success) {
    throwIfAny(fieldErrorsOf(result.error).map((error) => ({ ...error, field: 'adminPassword' })));
  }
}

/**
 * Creates the tenant, its static admin role and its first administrator (user name = e-mail,
 * confirmed, since the host vouches for it) and sets national login, all in one transaction: a
 * failure anywhere leaves nothing behind.
 */
export async function createTenant(
  ctx: RequestContext,
  input: z.output<ReturnType<typeof zCreateTenantRequest>>,
): Promise<Tenant> {
  requireHost(ctx);
  await checkAdminPassword(ctx, input.adminPassword);
  const passwordHash = await hashPassword(input.adminPassword);
  const row = await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const normalizedEmail = normalizeIdentifier(input.adminEmail);
        const errors: ValidationError[] = [];
        if (await repository.isTenantNameTaken(tx, input.name)) {
          errors.push({ field: 'name', message: TENANT_MESSAGE_KEYS.nameTaken });
        }
        const clashes = await findIdentifierClashes(tx, {
          userName: normalizedEmail,
          email: normalizedEmail,
        });
        if (clashes.userName || clashes.email) {
          errors.push({ field: 'adminEmail', message: TENANT_MESSAGE_KEYS.adminEmailTaken });
        }
        throwIfAny(errors);
        // The screen creates organizations; households are made by registration.
        const tenantId = await repository.insertTenant(tx, {
          kind: 'organization',
          name: input.name,
          comment: input.comment || null,
          cvr: input.cvr || null,
        });
        // The tenant's own rows are written as the tenant: row-level security checks them against it.
        await actAsTenant(tx, tenantId, async (asTenant) => {
          const roleId = await ensureTenantAdminRole(asTenant, tenantId);
          await seedContactRoles(asTenant, tenantId);
          const admin = await insertUser(asTenant, {
            tenantId,
            userName: input.adminEmail,
            normalizedUserName: normalizedEmail,
            email: input.adminEmail,
            normalizedEmail,
            emailConfirmed: true,
            passwordHash,
            securityStamp: newSecurityStamp(),
          });
          await asTenant.insert(userRoles).values({ userId: admin.id, roleId, tenantId });
          await saveTenantFeatures(
            asTenant,
            tenantId,
            { [FEATURE_NAMES.nationalLogin]: input.nationalLogin },
            ctx.now(),
          );
        });
        return requireTenant(tx, tenantId);
      }),
    UNIQUE_TENANT_ERRORS,
  );
  return toTenant(row);
}

export async function updateTenant(
  ctx: RequestContext,
  id: string,
  input: z.output<typeof zUpdateTenantRequest>,
): Promise<Tenant> {
  requireHost(ctx);
  const row = await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        await requireTenant(tx, id);
        if (await repository.isTenantNameTaken(tx, input.name, id)) {
          throwIfAny([{ field: 'name', message: TENANT_MESSAGE_KEYS.nameTaken }]);
        }
        await repository.updateTenant(tx, id, {
          name: input.name,
          comment: input.comment || null,
          cvr: input.cvr || null,
          updatedAt: ctx.now(),
        });
        await actAsTenant(tx, id, (asTenant) =>
          saveTenantFeatures(asTenant, id, { [FEATURE_NAMES.nationalLogin]: input.nationalLogin }, ctx.now()),
        );
        return requireTenant(tx, id);
      }),
    UNIQUE_TENANT_ERRORS,
  );
  return toTenant(row);
}

/** Deletes the tenant with everything it owns (foreign keys cascade). */
export async function deleteTenant(ctx: RequestContext, id: string): Promise<void> {
  requireHost(ctx);
  await ctx.db.transaction(async (tx) => {
    await requireTenant(tx, id);
    await repository.deleteTenant(tx, id);
  });
  // Its users are gone; their cached authorizations must go too.
  ctx.authorizations.invalidate();
}

export async function getTenantFeatures(ctx: RequestContext, id: string): Promise<TenantFeaturesResponse> {
  requireHost(ctx);
  await requireTenant(ctx.db, id);
  const values = await actAsTenant(ctx.db, id, (asTenant) => loadTenantFeatures(asTenant, id));
  return {
    items: FEATURES.map((feature) => ({
      name: feature.name,
      type: feature.type,
      value: values[feature.name] ?? feature.default,
      defaultValue: feature.default,
      ...(feature.options ? { options: [...feature.options] } : {}),
      ...(feature.min !== undefined ? { min: feature.min } : {}),
      ...(feature.max !== undefined ? { max: feature.max } : {}),
      displayKey: feature.displayKey,
    })),
  };
}

export async function updateTenantFeatures(
  ctx: RequestContext,
  id: string,
  values: z.output<typeof zUpdateTenantFeaturesRequest>,
): Promise<TenantFeaturesResponse> {
  requireHost(ctx);
  await ctx.db.transaction(async (tx) => {
    const tenant = await requireTenant(tx, id);
    // The same rule as the tenant form: national login identifies the tenant by its CVR.
    if (values[FEATURE_NAMES.nationalLogin] === true && !tenant.cvr) {
      throwIfAny([
        { field: FEATURE_NAMES.nationalLogin, message: TENANT_MESSAGE_KEYS.nationalLoginNeedsCvr },
      ]);
    }
    await actAsTenant(tx, id, (asTenant) => saveTenantFeatures(asTenant, id, values, ctx.now()));
  });
  return getTenantFeatures(ctx, id);
}
