import type { AlarmKind } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../test/build-test-app';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { alarms } from './alarms.schema';

/** Test helpers of the alarm center: alarms with known times, and organization sub-units. */

interface Watch {
  device: { id: string };
  citizenId: string | null;
}

/**
 * An alarm of the watch written straight to the table, raised at `firstAt` and acknowledged and
 * handled the given seconds later (state from the last step done). Returns its id.
 */
export async function givenAlarm(
  t: TestApp,
  watch: Watch,
  options: { kind: AlarmKind; firstAt: Date; acknowledgeAfter?: number; handleAfter?: number },
): Promise<string> {
  const later = (seconds: number | undefined) =>
    seconds === undefined ? null : new Date(options.firstAt.getTime() + seconds * 1000);
  const acknowledgedAt = later(options.acknowledgeAfter);
  const handledAt = later(options.handleAfter);
  const [row] = await t.database.db
    .insert(alarms)
    .values({
      tenantId: await tenantOfDevice(t, watch.device.id),
      deviceId: watch.device.id,
      citizenId: watch.citizenId,
      kind: options.kind,
      state: handledAt ? 'handled' : acknowledgedAt ? 'acknowledged' : 'open',
      firstAt: options.firstAt,
      lastAt: options.firstAt,
      acknowledgedAt,
      handledAt,
    })
    .returning({ id: alarms.id });
  return row!.id;
}

async function tenantOfDevice(t: TestApp, deviceId: string): Promise<string | null> {
  const [row] = await t.database.db
    .select({ tenantId: devices.tenantId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row!.tenantId;
}

/** A unit below `parentId` (its code extends the parent's path). Returns its id. */
export async function givenSubUnit(t: TestApp, tenantId: string, parentId: string): Promise<string> {
  const db = t.database.db;
  const [parent] = await db
    .select({ code: organizationUnits.code })
    .from(organizationUnits)
    .where(eq(organizationUnits.id, parentId));
  const [row] = await db
    .insert(organizationUnits)
    .values({ tenantId, parentId, code: `${parent!.code}.00001`, displayName: 'Team Nord' })
    .returning({ id: organizationUnits.id });
  return row!.id;
}

export async function moveCitizen(t: TestApp, citizenId: string, organizationId: string) {
  await t.database.db.update(citizens).set({ organizationId }).where(eq(citizens.id, citizenId));
}
