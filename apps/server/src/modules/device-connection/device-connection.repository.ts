import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_ALARM_STATES } from '@homeward/contracts';
import { selectRows, type Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { alarmHistory, alarms } from '../alarms/alarms.schema';
import { citizenDeviceSettings, citizens } from '../citizens/citizens.schema';
import { devices, type DeviceRow } from '../devices/devices.schema';

/** Queries of connecting and disconnecting watches; the moves themselves are migration 0049's functions. */

/** What `homeward_connect_device` answers (migration 0049). */
export type ConnectOutcome =
  'connected' | 'checked' | 'wrong_code' | 'throttled' | 'elsewhere' | 'awaiting_return' | 'not_household';

/**
 * Checks the code of the watch with this IMEI and, with a name, moves it into the caller's
 * household (the request's tenant); without one, only checks it. Runs as the function's owner,
 * since row-level security hides the seller's stock from the household.
 */
export async function connectDevice(
  db: Database,
  input: { imei: string; codeHash: string; name: string | null; now: Date },
): Promise<{ outcome: ConnectOutcome; deviceId: string | null; productName: string | null }> {
  const [row] = await selectRows<{
    outcome: ConnectOutcome;
    device_id: string | null;
    product_name: string | null;
  }>(
    db,
    sql`select outcome, device_id, product_name
        from homeward_connect_device(${input.imei}, ${input.codeHash}, ${input.name}, ${input.now.toISOString()}::timestamptz)`,
  );
  return { outcome: row!.outcome, deviceId: row!.device_id, productName: row!.product_name };
}

/** Moves the household's watch back to its seller's stock; false when it is not the household's. */
export async function returnDeviceToSeller(db: Database, deviceId: string, now: Date): Promise<boolean> {
  const [row] = await selectRows<{ moved: boolean }>(
    db,
    sql`select homeward_disconnect_device(${deviceId}::uuid, ${now.toISOString()}::timestamptz) as moved`,
  );
  return Boolean(row?.moved);
}

/** The household's watches, with the wearer's name; a household has a handful. */
export async function findConnectedDevices(
  db: Database,
  tenantId: string | null,
): Promise<(DeviceRow & { citizenName: string | null })[]> {
  const rows = await db
    .select({
      device: devices,
      citizenName: sql<string | null>`${citizens.name} || ' ' || ${citizens.surname}`,
    })
    .from(devices)
    .leftJoin(citizens, eq(citizens.id, devices.citizenId))
    .where(inTenant(devices.tenantId, tenantId))
    .orderBy(desc(devices.connectedAt), asc(devices.name), asc(devices.id))
    .limit(500);
  return rows.map((row) => ({ ...row.device, citizenName: row.citizenName }));
}

export async function findConnectedDevice(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<(DeviceRow & { citizenName: string | null }) | null> {
  const [row] = await db
    .select({
      device: devices,
      citizenName: sql<string | null>`${citizens.name} || ' ' || ${citizens.surname}`,
    })
    .from(devices)
    .leftJoin(citizens, eq(citizens.id, devices.citizenId))
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, id)));
  return row ? { ...row.device, citizenName: row.citizenName } : null;
}

export async function renameDevice(
  db: Database,
  tenantId: string | null,
  id: string,
  name: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(devices)
    .set({ name, updatedAt: now })
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, id)))
    .returning({ id: devices.id });
  return rows.length > 0;
}

/**
 * Closes the watch's active alarms in the household (they stay in its history, `cleared` with the
 * reason `disconnected`), and ends its citizen link's settings. Returns the closed alarms' ids.
 */
export async function endHouseholdUse(
  db: Database,
  tenantId: string | null,
  deviceId: string,
  now: Date,
): Promise<string[]> {
  const closed = await db
    .update(alarms)
    .set({ state: 'cleared', clearedAt: now, notifiedAt: null })
    .where(
      and(
        inTenant(alarms.tenantId, tenantId),
        eq(alarms.deviceId, deviceId),
        inArray(alarms.state, [...ACTIVE_ALARM_STATES]),
      ),
    )
    .returning({ id: alarms.id });
  if (closed.length > 0) {
    await db.insert(alarmHistory).values(
      closed.map(({ id }) => ({
        tenantId,
        alarmId: id,
        at: now,
        action: 'cleared' as const,
        detail: { reason: 'disconnected' },
      })),
    );
  }
  await db
    .delete(citizenDeviceSettings)
    .where(
      and(inTenant(citizenDeviceSettings.tenantId, tenantId), eq(citizenDeviceSettings.deviceId, deviceId)),
    );
  await db
    .update(devices)
    .set({ citizenId: null, updatedAt: now })
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)));
  return closed.map(({ id }) => id);
}
