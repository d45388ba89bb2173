import {
  ACTIVE_ALARM_STATES,
  moreSevereAlarmKind,
  type AlarmState,
  type LiveMapCitizen,
  type RealtimeEvent,
} from '@homeward/contracts';

type DeviceEvent = Extract<RealtimeEvent, { type: 'device' }>;
type PositionEvent = Extract<RealtimeEvent, { type: 'position' }>;
type AlarmEvent = Extract<RealtimeEvent, { type: 'alarm' }>;

/** What one flush changed: the citizens whose state moved, and whether an alarm came in. */
export interface LiveMapChange {
  /** Citizen ids; null: everything (a fresh answer from the server). */
  citizenIds: ReadonlySet<string> | null;
  alarmEvents: number;
}

export type LiveMapListener = (change: LiveMapChange) => void;
type Schedule = (flush: () => void) => void;

const nextFrame: Schedule = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
};

const isActive = (state: AlarmState) => (ACTIVE_ALARM_STATES as readonly AlarmState[]).includes(state);

/**
 * The live map's citizens, outside React: pushed events are queued and applied together once per
 * animation frame (however many batches arrived in between), and the listeners (the map layer,
 * the throttled list) hear of each flush once. A changed citizen is a new object, so views can
 * compare by reference.
 */
export class LiveMapStore {
  private readonly citizens = new Map<string, LiveMapCitizen>();
  private readonly citizenOfDevice = new Map<string, string>();
  private readonly listeners = new Set<LiveMapListener>();
  private pending: RealtimeEvent[] = [];
  private scheduled = false;
  /** Realtime updates applied to citizens on the map since the page opened (the bench reads it). */
  applied = 0;

  constructor(private readonly schedule: Schedule = nextFrame) {}

  /** Replaces everything with the server's answer. */
  reset(items: readonly LiveMapCitizen[]): void {
    this.citizens.clear();
    this.citizenOfDevice.clear();
    for (const item of items) {
      this.citizens.set(item.citizenId, item);
      if (item.deviceId) this.citizenOfDevice.set(item.deviceId, item.citizenId);
    }
    this.emit({ citizenIds: null, alarmEvents: 0 });
  }

  all(): IterableIterator<LiveMapCitizen> {
    return this.citizens.values();
  }

  get size(): number {
    return this.citizens.size;
  }

  get(citizenId: string): LiveMapCitizen | undefined {
    return this.citizens.get(citizenId);
  }

  subscribe(listener: LiveMapListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Queues pushed events; they are applied at the next animation frame. */
  enqueue(events: readonly RealtimeEvent[]): void {
    for (const event of events) {
      if (event.type === 'device' || event.type === 'position' || event.type === 'alarm')
        this.pending.push(event);
    }
    if (this.pending.length === 0 || this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Applies the queued events now: device states first, then the exact positions, then alarms. */
  flush(): void {
    this.scheduled = false;
    const events = this.pending;
    this.pending = [];
    const changed = new Set<string>();
    let alarmEvents = 0;
    for (const event of events) if (event.type === 'device') this.applyDevice(event, changed);
    for (const event of events) if (event.type === 'position') this.applyPosition(event, changed);
    for (const event of events) {
      if (event.type !== 'alarm') continue;
      alarmEvents += 1;
      this.applyAlarm(event, changed);
    }
    this.applied += changed.size;
    if (changed.size > 0 || alarmEvents > 0) this.emit({ citizenIds: changed, alarmEvents });
  }

  private emit(change: LiveMapChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private update(
    deviceId: string | null,
    changed: Set<string>,
    patch: (citizen: LiveMapCitizen) => LiveMapCitizen,
  ) {
    const citizenId = deviceId ? this.citizenOfDevice.get(deviceId) : undefined;
    const citizen = citizenId ? this.citizens.get(citizenId) : undefined;
    if (!citizen) return;
    this.citizens.set(citizen.citizenId, patch(citizen));
    changed.add(citizen.citizenId);
  }

  private applyDevice({ state }: DeviceEvent, changed: Set<string>): void {
    this.update(state.deviceId, changed, (citizen) => {
      const located = state.latitude !== null && state.longitude !== null;
      const locationValid = state.locationValid ?? true;
      const moved =
        located &&
        (state.latitude !== citizen.latitude ||
          state.longitude !== citizen.longitude ||
          locationValid !== citizen.locationValid);
      return {
        ...citizen,
        status: state.status,
        battery: state.batteryLevel === null ? citizen.battery : Math.round(state.batteryLevel),
        lastSeenAt: state.lastSeenAt ?? citizen.lastSeenAt,
        latitude: located ? state.latitude : citizen.latitude,
        longitude: located ? state.longitude : citizen.longitude,
        locationValid: located ? locationValid : citizen.locationValid,
        // A no-fix place carries no position event: it was sent with the report last seen.
        locatedAt: moved ? (state.lastSeenAt ?? citizen.locatedAt) : citizen.locatedAt,
        outsideGeofence: state.status === 'outsideGeofence' || citizen.alarm?.kind === 'outsideGeofence',
      };
    });
  }

  private applyPosition(event: PositionEvent, changed: Set<string>): void {
    this.update(event.deviceId, changed, (citizen) => ({
      ...citizen,
      latitude: event.latitude,
      longitude: event.longitude,
      locationValid: true,
      locatedAt: event.at,
    }));
  }

  /**
   * An alarm that opens marks the citizen at once (the more severe kind wins); how many are open,
   * and which are over, the server says on the refetch the page makes after alarm events.
   */
  private applyAlarm(event: AlarmEvent, changed: Set<string>): void {
    if (!isActive(event.state)) return;
    this.update(event.deviceId, changed, (citizen) => ({
      ...citizen,
      alarm: citizen.alarm
        ? { kind: moreSevereAlarmKind(citizen.alarm.kind, event.kind), count: citizen.alarm.count }
        : { kind: event.kind, count: 1 },
      outsideGeofence: citizen.outsideGeofence || event.kind === 'outsideGeofence',
    }));
  }
}
