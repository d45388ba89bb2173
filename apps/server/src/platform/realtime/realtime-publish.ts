import { zRealtimeEvent, type RealtimeEvent } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** The NOTIFY channel every API node listens on for realtime events. */
export const REALTIME_CHANNEL = 'homeward_realtime';
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes on; texts are cut well below that. */
const MAX_TEXT = 1000;
/** A batch's events are packed into JSON arrays of at most this many bytes, one NOTIFY each. */
const MAX_PACKED_PAYLOAD = 7000;

/**
 * Queues a realtime event in the caller's transaction: PostgreSQL delivers it to every listening
 * node only when the transaction commits, so a pushed alarm always exists, and a rolled-back one
 * is never pushed.
 */
export async function publishRealtime(db: Database, event: RealtimeEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(bounded(event))})`);
}

/**
 * Queues many realtime events in the caller's transaction with one statement: they are packed into
 * as few NOTIFY payloads (JSON arrays) as fit, in order, so a batch of device reports costs one
 * round trip and a few notifications instead of one of each per event.
 */
export async function publishRealtimeEvents(db: Database, events: RealtimeEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payloads: string[] = [];
  let packed: string[] = [];
  let size = 2;
  for (const event of events) {
    const json = JSON.stringify(bounded(event));
    if (packed.length > 0 && size + json.length + 1 > MAX_PACKED_PAYLOAD) {
      payloads.push(`[${packed.join(',')}]`);
      packed = [];
      size = 2;
    }
    packed.push(json);
    size += json.length + 1;
  }
  payloads.push(`[${packed.join(',')}]`);
  await db.execute(
    sql`select pg_notify(${REALTIME_CHANNEL}, payload) from json_array_elements_text(${JSON.stringify(payloads)}::json) with ordinality as p(payload, n) order by n`,
  );
}

/**
 * The events of one NOTIFY payload: one event, or an array of them (`publishRealtimeEvents`).
 * Anything unreadable is reported through `onUnreadable` and left out.
 */
export function parseRealtimePayload(
  payload: string,
  onUnreadable: (payload: string) => void,
): RealtimeEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    onUnreadable(payload);
    return [];
  }
  const events: RealtimeEvent[] = [];
  for (const candidate of Array.isArray(parsed) ? parsed : [parsed]) {
    const event = zRealtimeEvent.safeParse(candidate);
    if (event.success) events.push(event.data);
    else onUnreadable(payload);
  }
  return events;
}

function bounded(event: RealtimeEvent): RealtimeEvent {
  return event.type === 'message' ? { ...event, text: event.text.slice(0, MAX_TEXT) } : event;
}
