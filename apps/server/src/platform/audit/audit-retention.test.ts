import { AUDITING_SETTINGS } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { uuidv7 } from '../db/uuid-v7';
import { auditLogs, entityChanges } from './audit-log.schema';
import { deleteExpiredAuditEntries } from './audit-retention';
import type { ReadGlobalSetting } from './auditing-settings';

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase(process.env.DATABASE_URL);
  db = database.db;
});
afterAll(async () => {
  await database.drop();
});

const NOW = new Date('2030-06-01T00:00:00Z');
/** The global settings as the settings module's reader answers them (`main.ts` passes the real one). */
const globalSettings =
  (values: Record<string, string> = {}): ReadGlobalSetting =>
  async (name) =>
    values[name];
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

async function seed(days: number) {
  const id = uuidv7();
  await db.insert(auditLogs).values({
    id,
    executionTime: daysBefore(days),
    durationMs: 1,
    httpMethod: 'POST',
    url: `/api/age/${days}`,
  });
  await db.insert(entityChanges).values({
    auditLogId: id,
    changeTime: daysBefore(days),
    changeType: 'created',
    entityType: 'probe',
    entityId: `age-${days}`,
    propertyChanges: [],
  });
}

async function remainingAges() {
  const rows = await db.select({ url: auditLogs.url }).from(auditLogs);
  const changes = await db
    .select({ entityId: entityChanges.entityId })
    .from(entityChanges)
    .where(eq(entityChanges.entityType, 'probe'));
  return {
    logs: rows.map((row) => Number(row.url.split('/').pop())).sort((a, b) => a - b),
    changes: changes.map((row) => Number(row.entityId.slice(4))).sort((a, b) => a - b),
  };
}

describe('audit retention', () => {
  it('deletes entries older than 365 days by default, in batches, and keeps younger ones', async () => {
    for (const days of [1, 364, 366, 400, 500]) await seed(days);
    const deleted = await deleteExpiredAuditEntries(db, globalSettings(), NOW, 2);
    expect(deleted).toEqual({ auditLogs: 3, entityChanges: 3 });
    expect(await remainingAges()).toEqual({ logs: [1, 364], changes: [1, 364] });
  });

  it('follows the retention setting', async () => {
    await seed(31);
    const readSetting = globalSettings({ [AUDITING_SETTINGS.retentionDays]: '30' });
    const deleted = await deleteExpiredAuditEntries(db, readSetting, NOW);
    // 364 and 31 days old are past 30 days; 1 day old stays.
    expect(deleted).toEqual({ auditLogs: 2, entityChanges: 2 });
    expect(await remainingAges()).toEqual({ logs: [1], changes: [1] });
  });
});
