import {
  PHYSICAL_LOCATIONS,
  physicalLocationOf,
  physicalLocationRefusal,
  type DeviceHistoryKind,
  type DeviceStopKind,
  type PhysicalLocation,
} from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import { devices } from '../devices/devices.schema';
import { deviceHistory, type DeviceHistoryInsert } from './device-administration.schema';

/**
 * Moving a watch between physical locations, for this module and others (orders move reserved
 * watches to Sent to customer). The move must be in `PHYSICAL_LOCATION_TRANSITIONS`; each one is
 * kept as a history row.
 */

const BACK_IN_SERVICE: readonly PhysicalLocation[] = [
  PHYSICAL_LOCATIONS.atCustomer,
  PHYSICAL_LOCATIONS.sentToCustomer,
];

/** Who made a change, as the history keeps it: the user's id and their name at that moment. */
export interface DeviceChangeAuthor {
  userId: string | null;
  userName: string;
}

export interface PhysicalLocationChange {
  /** The device's tenant: the caller's (never the All tenants view, which is read-only). */
  tenantId: string | null;
  deviceId: string;
  to: PhysicalLocation;
  note?: string;
  changedBy: DeviceChangeAuthor;
  /** The history entry's kind when the move is part of a stop or an exchange; `location` otherwise. */
  kind?: Extract<DeviceHistoryKind, 'location' | 'stop' | 'exchange'>;
  stopKind?: DeviceStopKind;
  otherDeviceId?: string;
  now?: Date;
}

export interface PhysicalLocationMove {
  from: PhysicalLocation;
  to: PhysicalLocation;
  historyId: string;
}

/**
 * Moves one watch of the tenant to `to` inside the caller's transaction `tx`: locks the row,
 * checks the move, updates the watch and writes the history row. Throws `not_found` (404) for a
 * watch outside the tenant and `conflict` (409) with the reason's message key for a refused move,
 * e.g. `deviceAdministration:refused.fromWrittenOff` for Written off → At customer.
 */
export async function changePhysicalLocation(
  tx: Database,
  change: PhysicalLocationChange,
): Promise<PhysicalLocationMove> {
  const [device] = await tx
    .select({ physicalLocation: devices.physicalLocation })
    .from(devices)
    .where(and(eq(devices.id, change.deviceId), inTenant(devices.tenantId, change.tenantId)))
    .for('update');
  if (!device) throw new DomainError('not_found');
  const from = physicalLocationOf(device.physicalLocation);
  const refusal = physicalLocationRefusal(from, change.to);
  if (refusal) throw new DomainError('conflict', refusal, `${from}->${change.to}`);
  const now = change.now ?? new Date();
  // Delivered or shipped to a customer again: back in service, so offline alarms apply again.
  const backInService = change.kind !== 'stop' && BACK_IN_SERVICE.includes(change.to);
  await tx
    .update(devices)
    .set({
      physicalLocation: change.to,
      updatedAt: now,
      ...(backInService ? { stoppedAs: null, stoppedAt: null } : {}),
    })
    .where(and(eq(devices.id, change.deviceId), inTenant(devices.tenantId, change.tenantId)));
  const historyId = await recordDeviceHistory(tx, {
    tenantId: change.tenantId,
    deviceId: change.deviceId,
    kind: change.kind ?? 'location',
    fromLocation: from,
    toLocation: change.to,
    stopKind: change.stopKind ?? null,
    otherDeviceId: change.otherDeviceId ?? null,
    note: change.note ?? '',
    changedBy: change.changedBy,
    now,
  });
  return { from, to: change.to, historyId };
}

export type DeviceHistoryEntry = Omit<
  DeviceHistoryInsert,
  'id' | 'changedByUserId' | 'changedByName' | 'createdAt'
> & { changedBy: DeviceChangeAuthor; now: Date };

/** Writes one history row; the caller has already scoped the device to its tenant. */
export async function recordDeviceHistory(tx: Database, entry: DeviceHistoryEntry): Promise<string> {
  const { changedBy, now, ...columns } = entry;
  const [row] = await tx
    .insert(deviceHistory)
    .values({
      ...columns,
      changedByUserId: changedBy.userId,
      changedByName: changedBy.userName,
      createdAt: now,
    })
    .returning({ id: deviceHistory.id });
  return row!.id;
}
