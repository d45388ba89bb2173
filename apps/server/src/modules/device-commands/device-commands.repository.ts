import { and, asc, count, desc, eq, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { commandTemplates } from '../command-templates/command-templates.schema';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';
import { simcards } from '../simcards/simcards.schema';
import { deviceCommands, type DeviceCommandRow } from './device-commands.schema';

/**
 * The tenant's device as the terminal shows it, with its product's name; null if not in the tenant.
 * Its phone number, where SMS commands go, is its paired SIM's MSISDN, else the number stored on it.
 */
export async function findTerminalDevice(db: Database, tenantId: string | null, deviceId: string) {
  const [row] = await db
    .select({
      id: devices.id,
      organizationId: devices.organizationId,
      name: devices.name,
      imei: devices.imei,
      deviceIdentifier: devices.deviceIdentifier,
      productId: devices.productId,
      productName: products.name,
      status: devices.status,
      lastSeenAt: devices.lastSeenAt,
      battery: devices.battery,
      phoneNumber: sql<string | null>`coalesce(${simcards.msisdn}, ${devices.phoneNumber})`,
      mqttSecretHash: devices.mqttSecretHash,
    })
    .from(devices)
    .leftJoin(products, eq(products.id, devices.productId))
    .leftJoin(simcards, and(eq(simcards.deviceId, devices.id), eq(simcards.status, 'active')))
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)))
    .limit(1);
  return row ?? null;
}
export type TerminalDeviceRow = NonNullable<Awaited<ReturnType<typeof findTerminalDevice>>>;

/** The tenant's command template by id, or null. */
export async function findCommandTemplate(db: Database, tenantId: string | null, templateId: string) {
  const [row] = await db
    .select()
    .from(commandTemplates)
    .where(and(inTenant(commandTemplates.tenantId, tenantId), eq(commandTemplates.id, templateId)))
    .limit(1);
  return row ?? null;
}

/** A page of the device's commands, newest first, with their templates' names. */
export async function findDeviceCommandPage(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  page: { skipCount: number; maxResultCount: number },
) {
  const where = and(inTenant(deviceCommands.tenantId, tenantId), eq(deviceCommands.deviceId, deviceId));
  const items = await db
    .select({ command: deviceCommands, templateName: commandTemplates.name })
    .from(deviceCommands)
    .leftJoin(commandTemplates, eq(commandTemplates.id, deviceCommands.templateId))
    .where(where)
    .orderBy(desc(deviceCommands.createdAt), desc(deviceCommands.id))
    .offset(page.skipCount)
    .limit(page.maxResultCount);
  const [total] = await db.select({ value: count() }).from(deviceCommands).where(where);
  return { items, totalCount: total?.value ?? 0 };
}

/**
 * The device's oldest sent command answered by a reply: by id (MQTT), or by its keyword, the text
 * before the first comma (a watch answers `CR` with a `CR` frame). Locked, skipping rows another
 * transaction holds, so one answer settles one command.
 */
export async function findSentCommandForReply(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  reply: { commandId: string } | { keyword: string },
): Promise<DeviceCommandRow | null> {
  const match =
    'commandId' in reply
      ? eq(deviceCommands.id, reply.commandId)
      : or(eq(deviceCommands.command, reply.keyword), like(deviceCommands.command, `${reply.keyword},%`));
  const [row] = await db
    .select()
    .from(deviceCommands)
    .where(
      and(
        inTenant(deviceCommands.tenantId, tenantId),
        eq(deviceCommands.deviceId, deviceId),
        eq(deviceCommands.status, 'sent'),
        match,
      ),
    )
    .orderBy(asc(deviceCommands.sentAt), asc(deviceCommands.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function settleDeviceCommand(
  db: Database,
  id: string,
  outcome: { status: 'acknowledged'; at: Date } | { status: 'failed'; at: Date; reason: string },
): Promise<DeviceCommandRow> {
  const [row] = await db
    .update(deviceCommands)
    .set(
      outcome.status === 'acknowledged'
        ? { status: 'acknowledged', acknowledgedAt: outcome.at }
        : { status: 'failed', failedAt: outcome.at, failureReason: outcome.reason },
    )
    .where(eq(deviceCommands.id, id))
    .returning();
  return row!;
}

/**
 * Sent commands on an acknowledging channel (watch, MQTT) not answered since `sentBefore`, across
 * tenants (the owner's job), claimed with SKIP LOCKED so several workers share them; with the
 * device's tenant and organization for the realtime event.
 */
export function claimUnacknowledgedCommands(db: Database, sentBefore: Date, limit: number) {
  return db
    .select({
      id: deviceCommands.id,
      deviceId: deviceCommands.deviceId,
      tenantId: deviceCommands.tenantId,
      organizationId: devices.organizationId,
    })
    .from(deviceCommands)
    .innerJoin(devices, eq(devices.id, deviceCommands.deviceId))
    .where(
      and(
        eq(deviceCommands.status, 'sent'),
        lt(deviceCommands.sentAt, sentBefore),
        or(eq(deviceCommands.channel, 'watch'), eq(deviceCommands.channel, 'mqtt')),
      ),
    )
    .orderBy(asc(deviceCommands.sentAt))
    .limit(limit)
    .for('update', { of: deviceCommands, skipLocked: true });
}
