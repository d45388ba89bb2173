import { DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS, GEOFENCE_ENGINE_SETTINGS } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { readGlobalSetting } from '../../platform/audit/auditing-settings';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import type { GeofenceRow } from '../geofences/geofences.schema';
import type { ReportPosition } from '../telemetry/report-position';
import type { DeviceLiveState } from '../telemetry/telemetry.repository';
import { citizenPlacement, engineFenceOf, evaluatePosition } from './geofence-engine';
import {
  findCitizenGeofences,
  findDeviceWearer,
  findFenceTrackings,
  findGeofenceById,
  insertGeofenceEvents,
  saveFenceTrackings,
  setGeofenceStatus,
} from './geofence-engine.repository';
import type { FenceCrossing } from './hysteresis';
import { raiseAlarm } from '../alarms/alarm-raising';

/** One enter or exit the engine recorded: what alarm rules subscribe to (outside geofence). */
export interface GeofenceTransition {
  tenantId: string | null;
  deviceId: string;
  citizenId: string;
  geofenceId: string;
  kind: FenceCrossing;
  /** The device time of the position that decided it. */
  at: Date;
  latitude: number;
  longitude: number;
  accuracyMeters: number | null;
}

/** `Homeward.Geofence.ExitConfirmations`; an unset or unusable value means the default (2). */
export async function readExitConfirmations(db: Database): Promise<number> {
  const value = Number(await readGlobalSetting(db, GEOFENCE_ENGINE_SETTINGS.exitConfirmations));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS;
}

/**
 * The geofence step of the telemetry pipeline (DESIGN §6), in the report's transaction: a device
 * worn by a citizen is checked against the citizen's geofences (none linked: the default geofence
 * of the device's organization), only for a stored position that became the device's current one
 * (a re-uploaded old track never moves fence states back). Records enter/exit events, and moves
 * the device between `online` and `outsideGeofence` (a citizen is safe while inside at least one
 * of their fences), publishing the `device` event when the status changed. Returns the
 * transitions.
 */
export async function evaluateGeofences(
  tx: Database,
  device: DeviceLiveState,
  position: ReportPosition | null,
  at: Date,
): Promise<GeofenceTransition[]> {
  if (!position || device.locatedAt?.getTime() !== at.getTime()) return [];
  const { tenantId, id: deviceId } = device;
  const wearer = await findDeviceWearer(tx, tenantId, deviceId);
  const citizenId = wearer?.citizenId;
  if (!citizenId) return [];
  const rows = await fencesOf(tx, tenantId, citizenId, wearer.organizationGeofenceId);
  if (rows.length === 0) return [];
  const fences = rows.map(engineFenceOf);
  const previous = await findFenceTrackings(
    tx,
    tenantId,
    deviceId,
    fences.map((fence) => fence.id),
  );
  const evaluation = evaluatePosition(
    fences,
    previous,
    { ...position, accuracyMeters: position.accuracyMeters ?? 0 },
    await readExitConfirmations(tx),
  );
  await saveFenceTrackings(
    tx,
    tenantId,
    deviceId,
    evaluation.changed.map((geofenceId) => ({ geofenceId, tracking: evaluation.next.get(geofenceId)! })),
    at,
  );
  const transitions = evaluation.crossings.map(({ geofenceId, crossing }): GeofenceTransition => ({
    tenantId,
    deviceId,
    citizenId,
    geofenceId,
    kind: crossing,
    at,
    latitude: position.latitude,
    longitude: position.longitude,
    accuracyMeters: position.accuracyMeters,
  }));
  await insertGeofenceEvents(
    tx,
    transitions.map(({ accuracyMeters, ...transition }) => ({ ...transition, accuracy: accuracyMeters })),
  );
  const placement = citizenPlacement([...evaluation.next.values()].map((tracking) => tracking.state));
  if (placement) {
    const status = placement === 'inside' ? 'online' : 'outsideGeofence';
    if (await setGeofenceStatus(tx, tenantId, deviceId, status)) {
      // Leaving every fence is the "outside geofence" alarm, raised in the report's transaction.
      if (status === 'outsideGeofence') {
        await raiseAlarm(tx, {
          tenantId,
          deviceId,
          kind: 'outsideGeofence',
          at,
          detail: { latitude: position.latitude, longitude: position.longitude },
        });
      }
      await publishRealtime(tx, {
        type: 'device',
        tenantId,
        organizationId: device.organizationId,
        state: {
          deviceId,
          status,
          batteryLevel: device.battery,
          lastSeenAt: device.lastSeenAt?.toISOString() ?? null,
          latitude: device.latitude,
          longitude: device.longitude,
        },
      });
    }
  }
  return transitions;
}

/** The citizen's linked geofences, or else the organization's default one. */
async function fencesOf(
  tx: Database,
  tenantId: string | null,
  citizenId: string,
  organizationGeofenceId: string | null,
): Promise<GeofenceRow[]> {
  const linked = await findCitizenGeofences(tx, tenantId, citizenId);
  if (linked.length > 0 || !organizationGeofenceId) return linked;
  const fallback = await findGeofenceById(tx, tenantId, organizationGeofenceId);
  return fallback ? [fallback] : [];
}
