import type { Database } from '../../platform/db/database';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import type { DeviceCommandRow } from './device-commands.schema';

/** When the command reached its current state. */
function stateTime(row: DeviceCommandRow): Date {
  if (row.status === 'acknowledged') return row.acknowledgedAt ?? row.createdAt;
  if (row.status === 'failed') return row.failedAt ?? row.createdAt;
  if (row.status === 'sent') return row.sentAt ?? row.createdAt;
  return row.createdAt;
}

/**
 * Queues the realtime `deviceCommand` event of a command's new state in the caller's transaction
 * (sent on commit). A `queued` event is also what command delivery on every node listens for.
 */
export function publishDeviceCommandEvent(
  db: Database,
  row: DeviceCommandRow,
  organizationId: string | null,
): Promise<void> {
  return publishRealtime(db, {
    type: 'deviceCommand',
    tenantId: row.tenantId,
    organizationId,
    deviceId: row.deviceId,
    commandId: row.id,
    status: row.status,
    at: stateTime(row).toISOString(),
  });
}
