import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database';
import { isStorableText } from '../../db/storable-text';
import { oidcPayloads } from '../oidc.schema';
import { deleteAndNotify } from './token-revocation-notices';

/**
 * oidc-provider's storage in PostgreSQL: one row per model and id (DESIGN §5). Tokens carry their
 * grant id, so revoking a grant (logout, refresh-token reuse) deletes every token of it at once.
 */
export function createOidcAdapter(db: Database, now: () => Date = () => new Date()) {
  return class PostgresOidcAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: {
            payload: row.payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            expiresAt: row.expiresAt,
          },
        });
    }

    // Ids come from requests (a token, a client id, an interaction uid): one PostgreSQL cannot
    // store (NUL, a lone surrogate) is no stored id, and asking for it would fail the statement.
    find(id: string): Promise<AdapterPayload | undefined> {
      return isStorableText(id) ? this.findWhere(eq(oidcPayloads.id, id)) : Promise.resolve(undefined);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return isStorableText(uid) ? this.findWhere(eq(oidcPayloads.uid, uid)) : Promise.resolve(undefined);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return isStorableText(userCode)
        ? this.findWhere(eq(oidcPayloads.userCode, userCode))
        : Promise.resolve(undefined);
    }

    async consume(id: string): Promise<void> {
      if (!isStorableText(id)) return;
      await db
        .update(oidcPayloads)
        .set({ consumedAt: now() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    destroy(id: string): Promise<void> {
      return isStorableText(id) ? this.deleteWhere(eq(oidcPayloads.id, id)) : Promise.resolve();
    }

    /**
     * The provider calls this once per token model (access and refresh tokens, codes) when a grant
     * is revoked. Only this model's rows go: an interaction of the same grant must stay, or signing
     * in as another user, which ends the first user's session and revokes their grant on the way,
     * could not resume.
     */
    revokeByGrantId(grantId: string): Promise<void> {
      return this.deleteWhere(eq(oidcPayloads.grantId, grantId));
    }

    private async deleteWhere(condition: SQL): Promise<void> {
      const ofThisModel = and(eq(oidcPayloads.model, this.model), condition)!;
      // Other nodes may hold a cached lookup of an access token (access-token-resolver): every
      // deletion of one, by revocation, sign-out or a reused refresh token, is announced to them.
      if (this.model === 'AccessToken') await db.execute(deleteAndNotify(ofThisModel));
      else await db.delete(oidcPayloads).where(ofThisModel);
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.model, this.model),
            condition,
            or(isNull(oidcPayloads.expiresAt), sql`${oidcPayloads.expiresAt} > ${now()}`),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const payload = { ...row.payload } as AdapterPayload;
      if (row.consumedAt) payload.consumed = Math.floor(row.consumedAt.getTime() / 1000);
      return payload;
    }
  };
}

/** Deletes expired provider rows; the retention job calls it. Returns how many went. */
export async function deleteExpiredOidcPayloads(db: Database, at: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, at))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}
