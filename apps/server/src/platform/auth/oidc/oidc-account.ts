import type { Account, AccountClaims, KoaContextWithOIDC } from 'oidc-provider';
import type { UserAuthorizationCache } from '../../permissions/user-authorization';

/** Claims per scope; `homeward` carries the tenant and role claims the API and SPA rely on. */
export const OIDC_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username', 'updated_at'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  homeward: ['tenant_id', 'tenant_name', 'role'],
};

/**
 * The provider's view of a user, through the same short per-user cache the API uses. An inactive or
 * deleted user is no account, so their refresh and access tokens stop working (within the cache's
 * few seconds, or at once where the change invalidates the cache).
 */
export function createFindAccount(authorizations: UserAuthorizationCache) {
  return async function findAccount(_ctx: KoaContextWithOIDC, id: string): Promise<Account | undefined> {
    const user = await authorizations.get(id).catch(() => undefined);
    if (!user?.isActive) return undefined;
    return {
      accountId: user.userId,
      async claims(): Promise<AccountClaims> {
        // oidc-provider filters these by the granted scopes and claims.
        return {
          sub: user.userId,
          name: user.name ?? user.userName,
          preferred_username: user.userName,
          email: user.email,
          email_verified: true,
          tenant_id: user.tenantId,
          tenant_name: user.tenantName,
          role: user.roles,
        };
      },
    };
  };
}
