import { connect, type Socket } from 'node:net';
import { DEVICE_COMMAND_MESSAGE_KEYS, type RealtimeEvent } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { devices } from '../devices/devices.schema';
import { mqttCommandAnswerTopic, mqttCommandTopic } from '../gateways/mqtt-report';
import { encodeWatchFrame } from '../gateways/watch/watch-frame';
import { startWatchServer, type WatchServer } from '../gateways/watch/watch-server';
import { eventually, givenDevice, openPipelineTestApp } from '../telemetry/telemetry-test-support';
import { createTelemetryService } from '../telemetry/telemetry.service';
import { startCommandDelivery, type CommandDelivery } from './command-delivery';
import { failUnacknowledgedCommands } from './command-timeout';
import { commandRow } from './device-commands-test-support';

/** A watch on a real TCP connection: collects what the server sends. */
class TestWatch {
  private received = '';
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly socket: Socket,
    private readonly deviceId: string,
  ) {
    socket.on('data', (chunk) => {
      this.received += chunk.toString('latin1');
      for (const waiter of this.waiters.splice(0)) waiter();
    });
  }

  static open(port: number, deviceId: string): Promise<TestWatch> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new TestWatch(socket, deviceId)));
      socket.once('error', reject);
    });
  }

  /** Resolves once the server sent `text` (the test's timeout bounds the wait). */
  async waitFor(text: string): Promise<void> {
    while (!this.received.includes(text)) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  send(content: string): void {
    this.socket.write(encodeWatchFrame({ manufacturer: 'SG', deviceId: this.deviceId }, content));
  }

  close(): void {
    this.socket.destroy();
  }
}

const events: RealtimeEvent[] = [];
let t: TestApp;
let close: () => Promise<void>;
let tenantId: string;
let admin: TestTokens;
let watchServer: WatchServer;
let delivery: CommandDelivery;

beforeAll(async () => {
  ({ t, tenantId, close } = await openPipelineTestApp(events));
  admin = await signIn(
    t,
    await given(t.database.db).user({
      tenantId,
      permissions: ['Homeward.Devices', 'Homeward.Devices.RequestPosition'],
    }),
  );
  // This node's watch gateway and its delivery, beside the app's own (as a second node would be).
  watchServer = await startWatchServer({
    port: 0,
    host: '127.0.0.1',
    sink: createTelemetryService({ db: t.database.db }),
  });
  delivery = await startCommandDelivery({ database: t.database, mqtt: t.mqtt });
  delivery.attachWatch(watchServer);
});
afterAll(async () => {
  await delivery.stop();
  await watchServer.close();
  await close();
});

const requestPosition = async (deviceId: string): Promise<string> => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/devices/${deviceId}/request-position`,
    headers: bearer(admin),
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
};
const statusOf = (commandId: string, status: string) => async () => {
  const row = await commandRow(t.database.db, commandId);
  return row.status === status ? row : null;
};

describe('command delivery', () => {
  it('sends a command to a connected watch at once, and its reply acknowledges it', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const watch = await TestWatch.open(watchServer.port, device.deviceIdentifier!);
    try {
      watch.send('LK');
      await watch.waitFor('*LK]');
      const terminal = await t.app.inject({
        url: `/api/devices/${device.id}/terminal`,
        headers: bearer(admin),
      });
      expect(terminal.json().protocol).toBeNull();

      const commandId = await requestPosition(device.id);
      await watch.waitFor(`[SG*${device.deviceIdentifier}*0002*CR]`);
      expect(await eventually(statusOf(commandId, 'sent'))).toMatchObject({ channel: 'watch' });

      watch.send('CR');
      const acknowledged = await eventually(statusOf(commandId, 'acknowledged'));
      expect(acknowledged.acknowledgedAt).not.toBeNull();
      const states = await eventually(async () => {
        const seen = events.flatMap((event) =>
          event.type === 'deviceCommand' && event.commandId === commandId ? [event.status] : [],
        );
        return seen.length === 3 ? seen : null;
      });
      expect(states).toEqual(['queued', 'sent', 'acknowledged']);
    } finally {
      watch.close();
    }
  });

  it('keeps a command queued while the watch is away and sends it after its next report', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const commandId = await requestPosition(device.id);
    // Both nodes' deliveries saw the queued event and had no way to the watch.
    await eventually(async () =>
      events.some((event) => event.type === 'deviceCommand' && event.commandId === commandId),
    );
    expect(await delivery.deliverQueued(device.id)).toBe(0);
    expect((await commandRow(t.database.db, commandId)).status).toBe('queued');

    const watch = await TestWatch.open(watchServer.port, device.deviceIdentifier!);
    try {
      watch.send('LK');
      await watch.waitFor(`[SG*${device.deviceIdentifier}*0002*CR]`);
      expect(await eventually(statusOf(commandId, 'sent'))).toMatchObject({ channel: 'watch' });
    } finally {
      watch.close();
    }
  });

  it('publishes a command to an MQTT device, whose answers acknowledge or fail it', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    await t.database.db.update(devices).set({ mqttSecretHash: 'set' }).where(eq(devices.id, device.id));
    const received: { commandId: string; command: string }[] = [];
    await t.mqtt.subscribe(mqttCommandTopic(device.imei), (_topic, payload) => {
      received.push(JSON.parse(payload.toString()) as { commandId: string; command: string });
    });

    const first = await requestPosition(device.id);
    await eventually(async () => received.find((message) => message.commandId === first));
    expect(received).toEqual([{ commandId: first, command: 'CR' }]);
    expect(await eventually(statusOf(first, 'sent'))).toMatchObject({ channel: 'mqtt' });
    await t.mqtt.publish(
      mqttCommandAnswerTopic(device.imei),
      JSON.stringify({ commandId: first, status: 'ok' }),
    );
    await eventually(statusOf(first, 'acknowledged'));

    const second = await requestPosition(device.id);
    await eventually(statusOf(second, 'sent'));
    await t.mqtt.publish(
      mqttCommandAnswerTopic(device.imei),
      JSON.stringify({ commandId: second, status: 'error' }),
    );
    expect(await eventually(statusOf(second, 'failed'))).toMatchObject({
      failureReason: DEVICE_COMMAND_MESSAGE_KEYS.deviceError,
    });
  });

  it('fails a sent command that gets no answer within the timeout', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    await t.database.db.update(devices).set({ mqttSecretHash: 'set' }).where(eq(devices.id, device.id));
    const commandId = await requestPosition(device.id);
    const sent = await eventually(statusOf(commandId, 'sent'));

    await failUnacknowledgedCommands(t.database.db, new Date(sent.sentAt!.getTime() + 60_000));
    expect((await commandRow(t.database.db, commandId)).status).toBe('sent');
    await failUnacknowledgedCommands(t.database.db, new Date(sent.sentAt!.getTime() + 121_000));
    expect(await commandRow(t.database.db, commandId)).toMatchObject({
      status: 'failed',
      failureReason: DEVICE_COMMAND_MESSAGE_KEYS.notAcknowledged,
    });
    await eventually(async () =>
      events.some(
        (event) =>
          event.type === 'deviceCommand' && event.commandId === commandId && event.status === 'failed',
      ),
    );
  });
});
