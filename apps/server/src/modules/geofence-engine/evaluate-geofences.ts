import { DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS, GEOFENCE_ENGINE_SETTINGS } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { readGlobalSetting } from '../../platform/audit/auditing-settings';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import type { ReportPosition } from '../telemetry/report-position';
import type { DeviceLiveState } from '../telemetry/telemetry.repository';
import { citizenPlacement, evaluatePosition } from './geofence-engine';
import {
  findFenceTrackings,
  insertGeofenceEvents,
  saveFenceTrackings,
  setGeofenceStatus,
  type DeviceTrackings,
  type StoredTracking,
} from './geofence-engine.repository';
import { loadWearerFences } from './wearer-fences';
import type { FenceCrossing, FenceTracking } from './hysteresis';
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

/** A device whose report the engine checks: its state after the report, its wearer, the position. */
export interface GeofenceCheck {
  device: DeviceLiveState & { citizenId: string | null; organizationGeofenceId: string | null };
  /** The report's position when it was stored (a retry's is null), and its device time. */
  position: ReportPosition | null;
  at: Date;
}

/**
 * The geofence step of the telemetry pipeline (DESIGN §6), for a batch of one tenant's reports in
 * their transaction (one device at most once): a device worn by a citizen is checked against the
 * citizen's geofences (none linked: the default geofence of the device's organization), only for a
 * stored position that became the device's current one (a re-uploaded old track never moves fence
 * states back). Records enter/exit events, and moves the device between `online` and
 * `outsideGeofence` (a citizen is safe while inside at least one of their fences), publishing the
 * `device` event when the status changed. Reading and writing the trackings take one statement
 * each for the whole batch. Returns the transitions.
 */
export async function evaluateGeofences(
  tx: Database,
  tenantId: string | null,
  checks: GeofenceCheck[],
): Promise<GeofenceTransition[]> {
  const due = checks.filter(
    (check): check is GeofenceCheck & { position: ReportPosition } =>
      check.position !== null &&
      check.device.citizenId !== null &&
      check.device.locatedAt?.getTime() === check.at.getTime(),
  );
  if (due.length === 0) return [];
  const fencesOf = await loadWearerFences(
    tx,
    tenantId,
    due.map(({ device }) => ({
      citizenId: device.citizenId!,
      organizationGeofenceId: device.organizationGeofenceId,
    })),
  );
  const guarded = due.filter((check) => (fencesOf.get(check.device.citizenId!) ?? []).length > 0);
  if (guarded.length === 0) return [];
  const trackings = await findFenceTrackings(
    tx,
    tenantId,
    guarded.map((check) => check.device.id),
  );
  const confirmations = await readExitConfirmations(tx);

  const changes: DeviceTrackings[] = [];
  const transitions: GeofenceTransition[] = [];
  const placements: { check: (typeof guarded)[number]; placement: 'inside' | 'outside' }[] = [];
  for (const check of guarded) {
    const { device, position, at } = check;
    const previous = trackings.get(device.id) ?? new Map<string, StoredTracking>();
    const evaluation = evaluatePosition(
      fencesOf.get(device.citizenId!)!,
      previous,
      { ...position, accuracyMeters: position.accuracyMeters ?? 0 },
      confirmations,
    );
    if (evaluation.changed.length > 0) {
      changes.push({ deviceId: device.id, trackings: storedTrackings(evaluation.next, previous, at) });
    }
    for (const { geofenceId, crossing } of evaluation.crossings) {
      transitions.push({
        tenantId,
        deviceId: device.id,
        citizenId: device.citizenId!,
        geofenceId,
        kind: crossing,
        at,
        latitude: position.latitude,
        longitude: position.longitude,
        accuracyMeters: position.accuracyMeters,
      });
    }
    const placement = citizenPlacement([...evaluation.next.values()].map((tracking) => tracking.state));
    if (placement) placements.push({ check, placement });
  }
  await saveFenceTrackings(tx, tenantId, changes);
  await insertGeofenceEvents(
    tx,
    transitions.map(({ accuracyMeters, ...transition }) => ({ ...transition, accuracy: accuracyMeters })),
  );
  // Only a device whose status is not already the placement's can change: skip the rest unasked.
  for (const { check, placement } of placements) {
    const status = placement === 'inside' ? 'online' : 'outsideGeofence';
    const from = placement === 'inside' ? 'outsideGeofence' : 'online';
    if (check.device.status === from) await applyPlacement(tx, check, status);
  }
  return transitions;
}

/**
 * The trackings to store for a device's current fences: `since` moves to the position's device
 * time where the state changed, and stays where it did not.
 */
function storedTrackings(
  next: ReadonlyMap<string, FenceTracking>,
  previous: ReadonlyMap<string, StoredTracking>,
  at: Date,
): Map<string, StoredTracking> {
  const stored = new Map<string, StoredTracking>();
  for (const [geofenceId, tracking] of next) {
    const before = previous.get(geofenceId);
    const since = before && before.state === tracking.state ? before.since : at.toISOString();
    stored.set(geofenceId, { ...tracking, since });
  }
  return stored;
}

/** Moves the device to its new placement's status; leaving every fence raises the alarm. */
async function applyPlacement(
  tx: Database,
  { device, position, at }: GeofenceCheck & { position: ReportPosition },
  status: 'online' | 'outsideGeofence',
): Promise<void> {
  const { tenantId, id: deviceId } = device;
  if (!(await setGeofenceStatus(tx, tenantId, deviceId, status))) return;
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
