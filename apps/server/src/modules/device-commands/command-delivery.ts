import type { DeviceCommandChannel } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../platform/db/database';
import type { MqttHandle } from '../../platform/mqtt/mqtt';
import { parseRealtimePayload, REALTIME_CHANNEL } from '../../platform/realtime/realtime-publish';
import { applyTransactionScope } from '../../platform/tenancy/request-transaction';
import { devices } from '../devices/devices.schema';
import { type GatewayLogger, mqttCommandTopic, SILENT_LOGGER, type WatchServer } from '../gateways';
import { takeOldestQueuedCommand } from './device-command-queue.repository';
import { publishDeviceCommandEvent } from './device-command-events';

/** Commands one delivery sends at most; more wait for the next report or queued event. */
const MAX_COMMANDS_PER_DELIVERY = 10;

/**
 * Sends queued commands at once to devices reachable from this node (DESIGN §6, the terminal):
 * a watch connected to this node's TCP gateway, or any MQTT device (published to its command
 * topic). Every node listens for the `deviceCommand` `queued` events (NOTIFY, sent on commit), and
 * the node that can reach the device takes the command with SKIP LOCKED, so one node sends it once.
 * A device reachable from no node keeps it queued until its next report (watch, OsmAnd).
 */
export interface CommandDelivery {
  /** This node's watch gateway, once started. */
  attachWatch(watch: Pick<WatchServer, 'sendCommand' | 'isConnected'>): void;
  /** Whether the watch with one of these identifiers is connected to this node; null if no gateway. */
  isWatchConnected(identifiers: (string | null)[]): boolean | null;
  /** Sends the device's queued commands if this node reaches it; how many were sent. */
  deliverQueued(deviceId: string): Promise<number>;
  /** Stops listening and waits for deliveries in progress. */
  stop(): Promise<void>;
}

interface DeliveryTarget {
  id: string;
  tenantId: string | null;
  organizationId: string | null;
  identifiers: string[];
  mqtt: boolean;
}

/** A send that did not happen rolls its transaction back: the command stays queued. */
class NotSentError extends Error {}

export async function startCommandDelivery(options: {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  mqtt: Pick<MqttHandle, 'publish'>;
  logger?: GatewayLogger;
  clock?: () => Date;
}): Promise<CommandDelivery> {
  const { db } = options.database;
  const logger = options.logger ?? SILENT_LOGGER;
  const clock = options.clock ?? (() => new Date());
  let watch: Pick<WatchServer, 'sendCommand' | 'isConnected'> | undefined;
  const running = new Set<Promise<unknown>>();

  const channelOf = (target: DeliveryTarget): DeviceCommandChannel | null => {
    if (watch && target.identifiers.some((identifier) => watch!.isConnected(identifier))) return 'watch';
    return target.mqtt ? 'mqtt' : null;
  };

  async function send(
    target: DeliveryTarget,
    channel: DeviceCommandChannel,
    commandId: string,
    text: string,
  ) {
    if (channel === 'watch') {
      const sent = target.identifiers.some((identifier) => watch?.sendCommand(identifier, text));
      if (!sent) throw new NotSentError();
      return;
    }
    const payload = JSON.stringify({ commandId, command: text });
    for (const identifier of target.identifiers) {
      await options.mqtt.publish(mqttCommandTopic(identifier), payload);
    }
  }

  async function deliverOne(target: DeliveryTarget, channel: DeviceCommandChannel): Promise<boolean> {
    return db
      .transaction(async (tx) => {
        await applyTransactionScope(tx, {
          scope: target.tenantId ? { kind: 'tenant', tenantId: target.tenantId } : { kind: 'host' },
        });
        const command = await takeOldestQueuedCommand(tx, target.tenantId, target.id, clock(), channel);
        if (!command) return false;
        await send(target, channel, command.id, command.command);
        await publishDeviceCommandEvent(tx, command, target.organizationId);
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof NotSentError) return false;
        throw error;
      });
  }

  async function deliverQueued(deviceId: string): Promise<number> {
    const target = await findDeliveryTarget(db, deviceId);
    if (!target) return 0;
    let sent = 0;
    while (sent < MAX_COMMANDS_PER_DELIVERY) {
      const channel = channelOf(target);
      if (!channel || !(await deliverOne(target, channel))) break;
      sent += 1;
    }
    return sent;
  }

  const stopListening = await options.database.listen(REALTIME_CHANNEL, (payload) => {
    // Most payloads are device states and positions: only command events are read further.
    if (!payload.includes('"deviceCommand"')) return;
    for (const event of parseRealtimePayload(payload, () => undefined)) {
      if (event.type !== 'deviceCommand' || event.status !== 'queued') continue;
      const work = deliverQueued(event.deviceId)
        .catch((error: unknown) => logger.error({ err: error }, 'command delivery failed'))
        .finally(() => running.delete(work));
      running.add(work);
    }
  });

  return {
    attachWatch(server) {
      watch = server;
    },
    isWatchConnected(identifiers) {
      if (!watch) return null;
      return identifiers.some((identifier) => identifier !== null && watch!.isConnected(identifier));
    },
    deliverQueued,
    async stop() {
      await stopListening();
      await Promise.all(running);
    },
  };
}

/** The device by id across tenants (the node's own work, as the gateways' device lookup). */
async function findDeliveryTarget(db: Database, deviceId: string): Promise<DeliveryTarget | null> {
  const [row] = await db
    .select({
      id: devices.id,
      tenantId: devices.tenantId,
      organizationId: devices.organizationId,
      imei: devices.imei,
      deviceIdentifier: devices.deviceIdentifier,
      mqttSecretHash: devices.mqttSecretHash,
    })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  if (!row) return null;
  const identifiers = [...new Set([row.deviceIdentifier, row.imei].filter((id): id is string => !!id))];
  return {
    id: row.id,
    tenantId: row.tenantId,
    organizationId: row.organizationId,
    identifiers,
    mqtt: row.mqttSecretHash !== null,
  };
}
