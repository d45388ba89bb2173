import type { DeviceCommandChannel } from '@homeward/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { deviceCommands, type DeviceCommandRow } from './device-commands.schema';

/** Queues a command text for the device's live channel; the gateways send it after its next report. */
export async function queueDeviceCommand(
  db: Database,
  values: typeof deviceCommands.$inferInsert,
): Promise<DeviceCommandRow> {
  const [row] = await db.insert(deviceCommands).values(values).returning();
  return row!;
}

/**
 * Takes the device's oldest queued command and marks it sent, in the caller's transaction. `SKIP
 * LOCKED` lets two connections of one watch (or two gateway nodes) each take a different command
 * instead of waiting for, and then re-sending, the same one.
 */
export async function takeOldestQueuedCommand(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  now: Date,
  channel: DeviceCommandChannel | null = null,
): Promise<DeviceCommandRow | null> {
  const [oldest] = await db
    .select({ id: deviceCommands.id })
    .from(deviceCommands)
    .where(
      and(
        inTenant(deviceCommands.tenantId, tenantId),
        eq(deviceCommands.deviceId, deviceId),
        eq(deviceCommands.status, 'queued'),
      ),
    )
    .orderBy(asc(deviceCommands.createdAt), asc(deviceCommands.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!oldest) return null;
  const [taken] = await db
    .update(deviceCommands)
    .set({ status: 'sent', sentAt: now, channel })
    .where(eq(deviceCommands.id, oldest.id))
    .returning();
  return taken ?? null;
}

/** The device's commands, oldest first (tests and, later, the command history screen). */
export function findDeviceCommands(
  db: Database,
  tenantId: string | null,
  deviceId: string,
): Promise<DeviceCommandRow[]> {
  return db
    .select()
    .from(deviceCommands)
    .where(and(inTenant(deviceCommands.tenantId, tenantId), eq(deviceCommands.deviceId, deviceId)))
    .orderBy(asc(deviceCommands.createdAt), asc(deviceCommands.id));
}

/**
 * Whether the device has a queued command: one index probe on the owner connection, so the usual
 * answer (none) costs no transaction. Only `takeOldestQueuedCommand` takes one.
 */
export async function hasQueuedCommand(db: Database, deviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deviceCommands.id })
    .from(deviceCommands)
    .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.status, 'queued')))
    .limit(1);
  return row !== undefined;
}
