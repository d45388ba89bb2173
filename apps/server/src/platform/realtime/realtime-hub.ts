import {
  REALTIME_BATCH_INTERVAL_MS,
  type RealtimeEvent,
  type RealtimeServerMessage,
} from '@homeward/contracts';
import type { TenantScope } from '../tenancy/tenant-scope';

/** One signed-in WebSocket connection and what it may see. */
export interface RealtimeSubscriber {
  userId: string;
  scope: TenantScope;
  /** The organizations whose devices and alarms the user follows; null: the whole tenant. */
  organizationIds: ReadonlySet<string> | null;
  permissions: ReadonlySet<string>;
  send(message: RealtimeServerMessage): void;
}

const DEVICE_PERMISSIONS = ['Homeward.Dashboard', 'Homeward.Devices', 'Homeward.Citizens'];

/** Whether an event is for this subscriber: its tenant scope, organizations and permissions. */
export function isVisibleTo(subscriber: RealtimeSubscriber, event: RealtimeEvent): boolean {
  const { scope } = subscriber;
  const inScope =
    scope.kind === 'all' ||
    (scope.kind === 'host' ? event.tenantId === null : event.tenantId === scope.tenantId);
  if (!inScope) return false;
  if (event.type === 'message') {
    return (
      event.userIds.includes(subscriber.userId) ||
      (subscriber.organizationIds !== null &&
        event.organizationIds.some((id) => subscriber.organizationIds!.has(id)))
    );
  }
  const inOrganizations =
    subscriber.organizationIds === null ||
    (event.organizationId !== null && subscriber.organizationIds.has(event.organizationId));
  if (!inOrganizations) return false;
  if (event.type === 'alarm') return subscriber.permissions.has('Homeward.Alarms');
  return DEVICE_PERMISSIONS.some((name) => subscriber.permissions.has(name));
}

/** Device state and positions are superseded by newer ones of the same device within a batch. */
function coalescingKey(event: RealtimeEvent): string | undefined {
  if (event.type === 'device') return `device:${event.state.deviceId}`;
  if (event.type === 'position') return `position:${event.deviceId}`;
  return undefined;
}

interface Batch {
  events: RealtimeEvent[];
  indexByKey: Map<string, number>;
}

/**
 * Fans events out to this node's WebSocket connections. Each connection gets at most one batch
 * per interval, with a moving device's states and positions coalesced to the newest, so a
 * thousand moving watches cost a browser four small messages a second, not thousands. An alarm
 * never waits for the interval: it goes out at once, with whatever that connection had pending
 * before it (so the order of events stays as published), because a caregiver's banner and sound
 * must not lag a quarter of a second behind for the sake of batching.
 */
export class RealtimeHub {
  private readonly subscribers = new Set<RealtimeSubscriber>();
  private readonly batches = new Map<RealtimeSubscriber, Batch>();
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = REALTIME_BATCH_INTERVAL_MS) {
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  get size(): number {
    return this.subscribers.size;
  }

  add(subscriber: RealtimeSubscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: RealtimeSubscriber): void {
    this.subscribers.delete(subscriber);
    this.batches.delete(subscriber);
  }

  dispatch(event: RealtimeEvent): void {
    for (const subscriber of this.subscribers) {
      if (!isVisibleTo(subscriber, event)) continue;
      let batch = this.batches.get(subscriber);
      if (!batch) {
        batch = { events: [], indexByKey: new Map() };
        this.batches.set(subscriber, batch);
      }
      const key = coalescingKey(event);
      const index = key === undefined ? undefined : batch.indexByKey.get(key);
      if (index !== undefined) {
        batch.events[index] = event;
      } else {
        if (key !== undefined) batch.indexByKey.set(key, batch.events.length);
        batch.events.push(event);
      }
      if (event.type === 'alarm') this.flushTo(subscriber);
    }
  }

  /** Sends every pending batch now. */
  flush(): void {
    for (const subscriber of [...this.batches.keys()]) this.flushTo(subscriber);
  }

  private flushTo(subscriber: RealtimeSubscriber): void {
    const batch = this.batches.get(subscriber);
    if (!batch) return;
    this.batches.delete(subscriber);
    subscriber.send({ type: 'events', events: batch.events });
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
    this.subscribers.clear();
  }
}
