import { DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS, type DeviceStatus } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import type { DeviceLiveState } from '../devices';
import { citizenPlacement, evaluatePosition } from './geofence-engine';
import {
  insertGeofenceEvents,
  readEngineState,
  saveFenceTrackings,
  setGeofenceStatus,
  type DeviceTrackings,
  type StoredTracking,
} from './geofence-engine.repository';
import type { WearerFenceCache } from './wearer-fences';
import type { FenceCrossing, FenceTracking } from './hysteresis';
import { clearAlarms, raiseAlarm } from '../alarms';
import type { AlarmLinkBases } from '../alarm-texts';

/** What the engine keeps across batches and is handed by its pipeline (one per telemetry service). */
export interface GeofenceEngineParts {
  /** The wearers' fences as last read. */
  fences: WearerFenceCache;
  /** The bases of `{link}` in "outside geofence" alarm messages. */
  alarmLinks: AlarmLinkBases;
}

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

/** `Homeward.Geofence.ExitConfirmations` as stored; an unset or unusable value means the default (2). */
export function exitConfirmationsOf(stored: string | undefined): number {
  const value = Number(stored);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS;
}

/** What the engine needs of a report's position (the pipeline's report position fits it). */
export interface FencePosition {
  latitude: number;
  longitude: number;
  accuracyMeters: number | null;
  /** False for coordinates sent without a fix: never checked against fences. */
  valid: boolean;
}

/** A device whose report the engine checks: its state after the report, its wearer, the position. */
export interface GeofenceCheck {
  device: DeviceLiveState & { citizenId: string | null; organizationGeofenceId: string | null };
  /** The report's position when it was stored (a retry's is null), and its device time. */
  position: FencePosition | null;
  at: Date;
}

/** What the engine did with a batch: the crossings it recorded, and the statuses it changed. */
export interface GeofenceOutcome {
  transitions: GeofenceTransition[];
  /** The devices it moved between `online` and `outsideGeofence`, with their new status. */
  statuses: Map<string, Extract<DeviceStatus, 'online' | 'outsideGeofence'>>;
}

/**
 * The geofence step of the telemetry pipeline (DESIGN §6), for a batch of one tenant's reports in
 * their transaction (one device at most once): a device worn by a citizen is checked against the
 * citizen's geofences (none linked: the default geofence of the device's organization), only for a
 * stored position that became the device's current one (a re-uploaded old track never moves fence
 * states back). Records enter/exit events, and moves the device between `online` and
 * `outsideGeofence` (a citizen is safe while inside at least one of their fences); leaving every
 * fence raises the alarm, and coming back into one clears it. The caller publishes the devices'
 * states, with the statuses returned. One statement reads what the engine needs (generation,
 * setting, trackings), one writes the trackings that changed and one the crossings, for the whole
 * batch.
 */
export async function evaluateGeofences(
  tx: Database,
  engine: GeofenceEngineParts,
  tenantId: string | null,
  checks: GeofenceCheck[],
): Promise<GeofenceOutcome> {
  const outcome: GeofenceOutcome = { transitions: [], statuses: new Map() };
  const due = checks.filter(
    (check): check is GeofenceCheck & { position: FencePosition } =>
      check.position !== null &&
      isFix(check.position) &&
      check.device.citizenId !== null &&
      check.device.locatedAt?.getTime() === check.at.getTime(),
  );
  if (due.length === 0) return outcome;
  // Read first: the generation the fence links are cached at must be no newer than the links.
  const state = await readEngineState(
    tx,
    tenantId,
    due.map((check) => check.device.id),
  );
  const fencesOf = await engine.fences.load(
    tx,
    tenantId,
    due.map(({ device }) => ({
      citizenId: device.citizenId!,
      organizationGeofenceId: device.organizationGeofenceId,
    })),
    state.generation,
  );
  const confirmations = exitConfirmationsOf(state.exitConfirmations);

  const changes: DeviceTrackings[] = [];
  const placements: { check: (typeof due)[number]; placement: Placement; before: Placement | null }[] = [];
  for (const check of due) {
    const { device, position, at } = check;
    const fences = fencesOf.get(device.citizenId!) ?? [];
    if (fences.length === 0) continue;
    const previous = state.trackings.get(device.id) ?? new Map<string, StoredTracking>();
    const evaluation = evaluatePosition(
      fences,
      previous,
      { ...position, accuracyMeters: position.accuracyMeters ?? 0 },
      confirmations,
    );
    if (evaluation.changed.length > 0) {
      changes.push({ deviceId: device.id, trackings: storedTrackings(evaluation.next, previous, at) });
    }
    for (const { geofenceId, crossing } of evaluation.crossings) {
      outcome.transitions.push({
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
    // Before: as the engine last stored it, fences unlinked since included (she was safe in one).
    const before = citizenPlacement([...previous.values()].map((tracking) => tracking.state));
    if (placement) placements.push({ check, placement, before });
  }
  await saveFenceTrackings(tx, tenantId, changes);
  await insertGeofenceEvents(
    tx,
    outcome.transitions.map(({ accuracyMeters, ...transition }) => ({
      ...transition,
      accuracy: accuracyMeters,
    })),
  );
  // Only a device whose status is not already the placement's can change: skip the rest unasked.
  for (const { check, placement } of placements) {
    const status = placement === 'inside' ? 'online' : 'outsideGeofence';
    const from = placement === 'inside' ? 'outsideGeofence' : 'online';
    if (check.device.status === from && (await setGeofenceStatus(tx, tenantId, check.device.id, status))) {
      outcome.statuses.set(check.device.id, status);
    }
  }
  await applyIncidents(tx, engine.alarmLinks, tenantId, placements);
  return outcome;
}

type Placement = 'inside' | 'outside';

/**
 * The "outside geofence" incident follows the citizen's placement, whatever the device's status
 * shows (a handled low-battery warning must not hide an exit): leaving every fence raises it in the
 * report's transaction, and coming back inside one clears it (ARCHITECTURE "Alarms"), so the next
 * exit is a new incident that alerts again.
 */
async function applyIncidents(
  tx: Database,
  links: AlarmLinkBases,
  tenantId: string | null,
  placements: {
    check: GeofenceCheck & { position: FencePosition };
    placement: Placement;
    before: Placement | null;
  }[],
): Promise<void> {
  const back = placements.filter(({ placement, before }) => placement === 'inside' && before !== 'inside');
  await clearAlarms(
    tx,
    tenantId,
    back.map(({ check }) => ({ deviceId: check.device.id, kind: 'outsideGeofence' as const, at: check.at })),
  );
  for (const { check, placement, before } of placements) {
    if (placement !== 'outside' || before === 'outside') continue;
    await raiseAlarm(tx, links, {
      tenantId,
      deviceId: check.device.id,
      kind: 'outsideGeofence',
      at: check.at,
      detail: { latitude: check.position.latitude, longitude: check.position.longitude },
    });
  }
}

/**
 * Coordinates sent without a fix (a watch's `V` frame repeats the last ones it had) say nothing of
 * where the citizen is now: they never move a fence state, though the map shows them.
 */
const isFix = (position: FencePosition) => position.valid;

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
