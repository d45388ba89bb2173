import { homeAreaOf } from './geo';
import { DEFAULT_HOME, type SimulatedDevice } from './devices';
import { mqttClient } from './protocols/mqtt';
import { osmandClient } from './protocols/osmand';
import type { ReportClient, SimulatorProtocol } from './protocols/report-client';
import { watchClient } from './protocols/watch';
import { deviceSeed, seededRandom } from './random';
import { DEFAULT_WALK_OPTIONS, startWalk, stepWalk, type Fix, type WalkOptions } from './walk-model';

/** Where the server listens for each protocol; a protocol without a target cannot be chosen. */
export interface ProtocolTargets {
  /** The OsmAnd HTTP endpoint: `http://host:3000/api/gateway/osmand` or `http://host:5055/`. */
  osmandUrl?: string;
  watch?: { host: string; port: number };
  mqtt?: { url: string; secretOf: (imei: string) => string };
}

export type FleetProtocol = SimulatorProtocol | 'mixed';

export interface FleetOptions {
  devices: SimulatedDevice[];
  protocol: FleetProtocol;
  targets: ProtocolTargets;
  seed: number;
  walk?: Partial<WalkOptions>;
  /** Real milliseconds between a device's reports; the device time still advances `intervalSeconds`. Default: the interval. */
  tickMs?: number;
  onReport?: (device: SimulatedDevice, protocol: SimulatorProtocol, fix: Fix) => void;
  onError?: (device: SimulatedDevice, error: Error) => void;
}

export interface Fleet {
  /** Reports sent and failed so far. */
  counts(): { sent: number; failed: number };
  stop(): Promise<void>;
}

/** The client of one device: `mixed` takes the protocols in turn, skipping those without a target. */
export function clientFor(
  device: SimulatedDevice,
  protocol: SimulatorProtocol,
  targets: ProtocolTargets,
): ReportClient {
  if (protocol === 'osmand' && targets.osmandUrl) return osmandClient(targets.osmandUrl, device.imei);
  if (protocol === 'watch' && targets.watch)
    return watchClient(targets.watch.host, targets.watch.port, device.imei);
  if (protocol === 'mqtt' && targets.mqtt)
    return mqttClient(targets.mqtt.url, device.imei, targets.mqtt.secretOf(device.imei));
  throw new Error(`no ${protocol} target configured`);
}

export function protocolsOf(protocol: FleetProtocol, targets: ProtocolTargets): SimulatorProtocol[] {
  const available: SimulatorProtocol[] = [
    ...(targets.osmandUrl ? (['osmand'] as const) : []),
    ...(targets.watch ? (['watch'] as const) : []),
    ...(targets.mqtt ? (['mqtt'] as const) : []),
  ];
  const wanted = protocol === 'mixed' ? available : available.filter((each) => each === protocol);
  if (wanted.length === 0) throw new Error(`no target for protocol ${protocol}`);
  return wanted;
}

/**
 * Drives every device along its own seeded walk, one report per tick, each over its protocol.
 * Reports go out in real time (device time = now); a failed report is counted and passed to
 * `onError`, and the walk goes on.
 */
export function startFleet(options: FleetOptions): Fleet {
  const walk: WalkOptions = { ...DEFAULT_WALK_OPTIONS, ...options.walk };
  const tickMs = options.tickMs ?? walk.intervalSeconds * 1000;
  const protocols = protocolsOf(options.protocol, options.targets);
  let sent = 0;
  let failed = 0;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const clients: ReportClient[] = [];

  options.devices.forEach((device, index) => {
    const protocol = protocols[index % protocols.length]!;
    const client = clientFor(device, protocol, options.targets);
    clients.push(client);
    const random = seededRandom(deviceSeed(options.seed, device.imei));
    let state = startWalk(homeAreaOf(device.geofence ?? DEFAULT_HOME), random, new Date());
    let busy = false;
    const tick = async () => {
      if (stopped || busy) return;
      busy = true;
      const step = stepWalk(state, random, walk);
      state = step.state;
      // Real time on the wire: the walk's clock only spaces the steps.
      const fix = { ...step.fix, at: new Date() };
      try {
        await client.send(fix);
        sent += 1;
        options.onReport?.(device, protocol, fix);
      } catch (error) {
        failed += 1;
        options.onError?.(device, error as Error);
      } finally {
        busy = false;
      }
    };
    // Spread the devices over the first tick so they do not all report at once.
    const first = setTimeout(
      () => {
        void tick();
        const timer = setInterval(() => void tick(), tickMs);
        timer.unref?.();
        timers.push(timer);
      },
      Math.round((tickMs * index) / Math.max(1, options.devices.length)),
    );
    first.unref?.();
    timers.push(first);
  });

  return {
    counts: () => ({ sent, failed }),
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    },
  };
}
