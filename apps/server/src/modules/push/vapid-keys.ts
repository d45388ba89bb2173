import webPush from 'web-push';
import type { Config } from '../../platform/config/config';
import type { Database } from '../../platform/db/database';
import { pushVapidKeys } from './push.schema';

/** The VAPID key pair pushes are signed with (base64url, as web-push takes them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The configured pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), else the one kept in the database. The
 * first start makes it: every node inserts a fresh pair with ON CONFLICT DO NOTHING and then reads
 * the row, so nodes starting at once all end up with the first one stored. Runs on the owner's
 * connection (background job or start-up), never inside a request's transaction.
 */
export async function loadVapidKeys(db: Database, config: Pick<Config, 'vapidKeys'>): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const generated = webPush.generateVAPIDKeys();
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...generated })
    .onConflictDoNothing();
  const [row] = await db
    .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
    .from(pushVapidKeys);
  return row!;
}

/** Where pushes get their keys: loaded once per process, on the database handle of the first call. */
export type VapidKeySource = (db: Database) => Promise<VapidKeys>;

/**
 * Loads the keys once and shares the answer. The first call's `db` may be a transaction (the outbox
 * delivery's): on embedded PGlite, with one connection, a read beside an open transaction would wait
 * for it.
 */
export function vapidKeySource(config: Pick<Config, 'vapidKeys'>): VapidKeySource {
  let keys: Promise<VapidKeys> | undefined;
  return (db) => {
    keys ??= loadVapidKeys(db, config).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}
