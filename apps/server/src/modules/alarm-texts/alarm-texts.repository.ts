import type { AlarmKind, TenantKind } from '@homeward/contracts';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { tenants } from '../tenants/tenants.schema';
import { alarmTexts, type AlarmTextRow } from './alarm-texts.schema';

/**
 * Alarm texts repository: every query is limited to one tenant (or the host). The host's read-only
 * All tenants view matches no row here, so it sees the shipped texts rather than one tenant's.
 */

function ofTenant(tenantId: string | null): SQL {
  return tenantId === null ? isNull(alarmTexts.tenantId) : eq(alarmTexts.tenantId, tenantId);
}

/** The tenant's saved texts of a language, spelt as language management spells it. */
export async function findAlarmTexts(
  db: Database,
  tenantId: string | null,
  language: string,
): Promise<AlarmTextRow[]> {
  return db
    .select()
    .from(alarmTexts)
    .where(and(ofTenant(tenantId), eq(alarmTexts.language, language)));
}

export async function findAlarmText(
  db: Database,
  tenantId: string | null,
  kind: AlarmKind,
  language: string,
): Promise<AlarmTextRow | undefined> {
  const rows = await findAlarmTexts(db, tenantId, language);
  return rows.find((row) => row.kind === kind);
}

/** Saves the tenant's text of a kind and language, replacing the one saved before. */
export async function upsertAlarmText(
  db: Database,
  values: {
    tenantId: string | null;
    kind: AlarmKind;
    language: string;
    subject: string;
    body: string;
    updatedByUserId: string;
    updatedAt: Date;
  },
): Promise<AlarmTextRow> {
  const { subject, body, updatedByUserId, updatedAt } = values;
  const [row] = await db
    .insert(alarmTexts)
    .values(values)
    .onConflictDoUpdate({
      target: [alarmTexts.tenantId, alarmTexts.kind, alarmTexts.language],
      set: { subject, body, updatedByUserId, updatedAt },
    })
    .returning();
  return row!;
}

/** Removes the tenant's text of a kind and language; false when there was none. */
export async function deleteAlarmText(
  db: Database,
  tenantId: string | null,
  kind: AlarmKind,
  language: string,
): Promise<boolean> {
  const deleted = await db
    .delete(alarmTexts)
    .where(and(ofTenant(tenantId), eq(alarmTexts.kind, kind), eq(alarmTexts.language, language)))
    .returning({ id: alarmTexts.id });
  return deleted.length > 0;
}

/** The kind of a tenant (null for the host, or a tenant that is gone): which client its links open. */
export async function findTenantKind(db: Database, tenantId: string | null): Promise<TenantKind | null> {
  if (tenantId === null) return null;
  const [row] = await db.select({ kind: tenants.kind }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.kind ?? null;
}
