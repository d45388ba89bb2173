import type { RealtimeEvent } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** The NOTIFY channel every API node listens on for realtime events. */
export const REALTIME_CHANNEL = 'homeward_realtime';
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes on; texts are cut well below that. */
const MAX_TEXT = 1000;

/**
 * Queues a realtime event in the caller's transaction: PostgreSQL delivers it to every listening
 * node only when the transaction commits, so a pushed alarm always exists, and a rolled-back one
 * is never pushed.
 */
export async function publishRealtime(db: Database, event: RealtimeEvent): Promise<void> {
  const bounded = event.type === 'message' ? { ...event, text: event.text.slice(0, MAX_TEXT) } : event;
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(bounded)})`);
}
