import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { oidcPayloads } from '../oidc.schema';

/**
 * The NOTIFY channel on which every API node hears that access tokens were deleted (revoked, or
 * their grant revoked by sign-out or a reused refresh token), so each drops its cached lookups of
 * them at once rather than after the cache's lifetime.
 */
export const TOKEN_REVOCATION_CHANNEL = 'homeward_token_revoked';

/**
 * What a notice names: the grant whose tokens went, or null for "forget every cached token" (a
 * token without a grant, or a notice this node cannot read). Never the token itself: a NOTIFY
 * payload can reach the database's statement log.
 */
export type RevokedGrant = string | null;

/**
 * `delete ... returning grant_id` of `condition`, then one NOTIFY per deleted grant, in one
 * statement: the notice is delivered exactly when the deletion commits, before the provider answers.
 */
export function deleteAndNotify(condition: SQL): SQL {
  return sql`
    with deleted as (
      delete from ${oidcPayloads} where ${condition} returning grant_id
    )
    select pg_notify(${TOKEN_REVOCATION_CHANNEL}, json_build_object('grantId', grant_id)::text)
    from (select distinct grant_id from deleted) as grants`;
}

/** The grant a notice names; anything unreadable means "forget everything" (fail safe). */
export function revokedGrantOf(payload: string): RevokedGrant {
  try {
    const parsed = JSON.parse(payload) as { grantId?: unknown };
    return typeof parsed.grantId === 'string' && parsed.grantId ? parsed.grantId : null;
  } catch {
    return null;
  }
}

/** Calls `onRevoked` for every notice from any node; resolves to a function that stops listening. */
export function listenForTokenRevocations(
  database: Pick<DatabaseHandle, 'listen'>,
  onRevoked: (grant: RevokedGrant) => void,
): Promise<() => Promise<void>> {
  return database.listen(TOKEN_REVOCATION_CHANNEL, (payload) => onRevoked(revokedGrantOf(payload)));
}
