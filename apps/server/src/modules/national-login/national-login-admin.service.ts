import { randomBytes } from 'node:crypto';
import {
  FEATURE_NAMES,
  NATIONAL_LOGIN_CALLBACK_PATH,
  NATIONAL_LOGIN_MESSAGE_KEYS,
  DEFAULT_NATIONAL_IDENTITY_CLAIM,
  type IdentityUser,
  type NationalIdentityBinding,
  type NationalLoginBroker,
  type zCreateNationalIdUserRequest,
  type zSaveNationalLoginBrokerRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password-hasher';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { actAsTenant } from '../../platform/tenancy/act-as-tenant';
import { findTenant, loadTenantFeature } from '../tenants';
import { createUserWithPasswordHash, requireUser } from '../users';
import { isAcceptableIssuer } from './broker-client';
import { maskIdentity, type NationalLoginKeys } from './national-login-keys';
import * as repository from './national-login.repository';
import { nationalIdentities } from './national-login.schema';

export interface NationalLoginAdminDependencies {
  keys: NationalLoginKeys;
  publicUrl: string;
}

type SaveBroker = z.output<typeof zSaveNationalLoginBrokerRequest>;

const invalid = (field: string, message: string) =>
  new DomainError('validation_failed', undefined, undefined, [{ field, message }]);

/** The host configures brokers; a tenant user never reaches another tenant's. */
async function requireHostAndTenant(ctx: RequestContext, tenantId: string): Promise<void> {
  if (ctx.tenantId !== null) throw new DomainError('forbidden');
  if (!(await findTenant(ctx.db, tenantId))) throw new DomainError('not_found');
}

async function nationalLoginOn(ctx: RequestContext, tenantId: string): Promise<boolean> {
  return actAsTenant(ctx.db, tenantId, (db) =>
    loadTenantFeature<boolean>(db, tenantId, FEATURE_NAMES.nationalLogin),
  );
}

export async function getBroker(
  ctx: RequestContext,
  deps: NationalLoginAdminDependencies,
  tenantId: string,
): Promise<NationalLoginBroker> {
  await requireHostAndTenant(ctx, tenantId);
  const row = await actAsTenant(ctx.db, tenantId, (db) => repository.findBroker(db, tenantId));
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? null,
    clientId: row?.clientId ?? null,
    identityClaim: row?.identityClaim ?? DEFAULT_NATIONAL_IDENTITY_CLAIM,
    hasClientSecret: row !== undefined,
    redirectUri: `${deps.publicUrl}${NATIONAL_LOGIN_CALLBACK_PATH}`,
  };
}

/**
 * Sets the tenant's broker. National login must be on for the tenant; the issuer must be https
 * (plain http only where Homeward itself runs on this machine, for development and tests); the
 * client secret is kept when the request leaves it out.
 */
export async function saveBroker(
  ctx: RequestContext,
  deps: NationalLoginAdminDependencies,
  tenantId: string,
  input: SaveBroker,
): Promise<NationalLoginBroker> {
  await requireHostAndTenant(ctx, tenantId);
  if (!(await nationalLoginOn(ctx, tenantId))) {
    throw new DomainError('conflict', NATIONAL_LOGIN_MESSAGE_KEYS.notEnabled);
  }
  if (!isAcceptableIssuer(input.issuer, deps.publicUrl)) {
    throw invalid('issuer', NATIONAL_LOGIN_MESSAGE_KEYS.insecureIssuer);
  }
  await ctx.db.transaction((tx) =>
    actAsTenant(tx, tenantId, async (db) => {
      const existing = await repository.findBroker(db, tenantId);
      const secret = input.clientSecret
        ? deps.keys.brokerSecret.encrypt(input.clientSecret)
        : existing?.clientSecretEncrypted;
      if (!secret) throw invalid('clientSecret', NATIONAL_LOGIN_MESSAGE_KEYS.clientSecretRequired);
      await repository.saveBroker(db, {
        tenantId,
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecretEncrypted: secret,
        identityClaim: input.identityClaim,
      });
    }),
  );
  return getBroker(ctx, deps, tenantId);
}

export async function deleteBroker(ctx: RequestContext, tenantId: string): Promise<void> {
  await requireHostAndTenant(ctx, tenantId);
  await ctx.db.transaction((tx) => actAsTenant(tx, tenantId, (db) => repository.deleteBroker(db, tenantId)));
}

/**
 * A national-ID user of the caller's tenant: signs in through the broker only (the password is
 * random and never shown), bound to the identity, which is kept as an HMAC and ciphertext.
 */
export async function createNationalIdUser(
  ctx: RequestContext,
  deps: NationalLoginAdminDependencies,
  input: z.output<typeof zCreateNationalIdUserRequest>,
): Promise<IdentityUser> {
  const tenantId = ctx.tenantId;
  if (tenantId === null) throw new DomainError('forbidden');
  if (!(await loadTenantFeature<boolean>(ctx.db, tenantId, FEATURE_NAMES.nationalLogin))) {
    throw new DomainError('conflict', NATIONAL_LOGIN_MESSAGE_KEYS.notEnabled);
  }
  const { nationalIdentity, ...fields } = input;
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  return createUserWithPasswordHash(
    ctx,
    { ...fields, twoFactorEnabled: false },
    unusablePassword,
    async (tx, user) => {
      await tx.insert(nationalIdentities).values({
        tenantId,
        userId: user.id,
        identityHash: deps.keys.identity.hash(nationalIdentity),
        identityEncrypted: deps.keys.identity.encrypt(nationalIdentity),
      });
    },
    {
      national_identities_tenant_hash_unique: {
        field: 'nationalIdentity',
        message: NATIONAL_LOGIN_MESSAGE_KEYS.identityTaken,
      },
    },
  );
}

/** A user's binding, masked (the last four characters). */
export async function getBinding(
  ctx: RequestContext,
  deps: NationalLoginAdminDependencies,
  userId: string,
): Promise<NationalIdentityBinding> {
  await requireUser(ctx.db, ctx.tenantId, userId);
  const row = await repository.findIdentityOfUser(ctx.db, userId);
  if (!row) return { userId, bound: false, identityMasked: null, linkedAt: null };
  return {
    userId,
    bound: true,
    identityMasked: maskIdentity(deps.keys.identity.decrypt(row.identityEncrypted)),
    linkedAt: row.linkedAt?.toISOString() ?? null,
  };
}
