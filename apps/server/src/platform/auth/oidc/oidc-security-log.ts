import type { SecurityLogAction } from '@homeward/contracts';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { UserAuthorizationCache } from '../../permissions/user-authorization';

/** One of the provider's session or token events, as the security log records it. */
export interface OidcSecurityLogEntry {
  tenantId: string | null;
  identity: 'OpenIdConnect';
  action: SecurityLogAction;
  userId: string | null;
  userName: string | null;
  clientId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** Stores one entry: the security-logs module's writer, given at composition (app.ts). */
export type OidcSecurityLogWriter = (db: Database, entry: OidcSecurityLogEntry) => Promise<void>;

export interface OidcSecurityLogOptions {
  db: Database;
  authorizations: UserAuthorizationCache;
  writeSecurityLog: OidcSecurityLogWriter;
  logger?: Pick<Logger, 'error'>;
}

/**
 * Writes the provider's session and token events to the security log (password outcomes are
 * written by the sign-in service): sign-out, an explicit revocation, and a refresh-token reuse
 * that revoked its grant. A failed write is logged and never fails the user's request.
 */
export function installOidcSecurityLog(provider: Provider, options: OidcSecurityLogOptions): void {
  const record = (ctx: KoaContextWithOIDC, action: SecurityLogAction, accountId: string | undefined) => {
    void (async () => {
      const user = accountId ? await options.authorizations.get(accountId) : undefined;
      await options.writeSecurityLog(options.db, {
        tenantId: user?.tenantId ?? null,
        identity: 'OpenIdConnect',
        action,
        userId: user?.userId ?? null,
        userName: user?.userName ?? null,
        clientId: ctx.oidc.client?.clientId ?? null,
        ip: ctx.ip || null,
        userAgent: ctx.get('user-agent') || null,
      });
    })().catch((error: unknown) =>
      options.logger?.error({ err: error, action }, 'security log write failed'),
    );
  };

  provider.on('end_session.success', (ctx: KoaContextWithOIDC) =>
    record(ctx, 'Logout', ctx.oidc.session?.accountId),
  );

  // On the token endpoint a grant is revoked only when a used refresh token comes back: reuse.
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc?.route === 'token') record(ctx, 'TokenRevoked', ctx.oidc.entities.RefreshToken?.accountId);
  });

  provider.use(async function logRevocation(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
    await next();
    if (ctx.oidc?.route === 'revocation' && ctx.status === 200) {
      const token = ctx.oidc.entities.AccessToken ?? ctx.oidc.entities.RefreshToken;
      if (token) record(ctx, 'TokenRevoked', token.accountId);
    }
  });
}
