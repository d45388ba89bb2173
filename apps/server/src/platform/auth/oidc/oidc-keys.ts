import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/database';
import { oidcSigningKeys } from '../oidc.schema';

export interface OidcKeys {
  /** Private signing JWKs for the provider's `jwks` option. */
  signingKeys: Record<string, unknown>[];
  /** Secrets that sign the provider's cookies. */
  cookieKeys: string[];
}

/**
 * The provider's keys, generated on first start and stored, so tokens and sessions survive restarts
 * and every API node signs with the same keys. Each kind is inserted only while none exists, in one
 * statement, so nodes starting together do not each add their own.
 */
export async function loadOrCreateOidcKeys(db: Database): Promise<OidcKeys> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signing = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const cookie = { kty: 'oct', kid: `cookie-${randomUUID()}`, k: randomBytes(32).toString('base64url') };
  for (const jwk of [signing, cookie]) {
    await db.execute(sql`
      insert into ${oidcSigningKeys} (kid, jwk)
      select ${jwk.kid}, ${JSON.stringify(jwk)}::jsonb
      where not exists (select 1 from ${oidcSigningKeys} where jwk->>'kty' = ${jwk.kty})
    `);
  }
  const rows = await selectRows<{ jwk: Record<string, unknown> }>(
    db,
    sql`select jwk from ${oidcSigningKeys} order by created_at desc, kid`,
  );
  return {
    signingKeys: rows.map((row) => row.jwk).filter((jwk) => jwk.kty === 'RSA'),
    cookieKeys: rows
      .map((row) => row.jwk)
      .filter((jwk) => jwk.kty === 'oct')
      .map((jwk) => String(jwk.k)),
  };
}
