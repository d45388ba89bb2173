import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database';
import { oidcPayloads } from '../oidc.schema';

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

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: now() })
        .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // Every model: access tokens, refresh tokens and codes of the grant go together.
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
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
