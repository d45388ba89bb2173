import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { ALARM_SETTINGS, ALL_PERMISSIONS, type DeviceAppSettings } from '@homeward/contracts';
import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { selectRows } from '../../platform/db/database';
import { citizenAlarmReceivers, citizenDeviceSettings, citizens } from '../citizens/citizens.schema';
import { createCprProtection } from '../citizens/cpr-protection';
import { contactPeople } from '../contact-people/contact-people.schema';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';
import { settings } from '../settings/settings.schema';
import { encodeWatchFrame } from '../gateways/watch/watch-frame';
import { givenDevice } from '../telemetry/telemetry-test-support';
import { signedInCaller } from '../users/identity-test-callers';

/** Test helpers of alarms: a citizen wearing a watch, with a first receiver, and OsmAnd reports. */

export const ALARM_PERMISSIONS = ALL_PERMISSIONS.filter((name) => /^Homeward\.Alarms(\.|$)/.test(name));

export const SETTINGS: DeviceAppSettings = {
  positionIntervalSeconds: 120,
  sosNumber: '',
  lowBatteryThresholdPercent: 40,
  fallDetection: true,
};

/** The provider's escalation step (unless one is set already), as the escalation job reads it. */
export async function givenEscalationStep(t: TestApp, seconds: number) {
  await t.database.db
    .insert(settings)
    .values({ name: ALARM_SETTINGS.escalationSeconds, value: String(seconds), providerName: 'G' })
    .onConflictDoNothing();
}

/** Distinct CPR numbers within a test file (unique per tenant). */
let cprSerial = randomBytes(2).readUInt16BE(0);

/** A watch of the tenant (product default threshold 15 %), worn by a citizen when asked. */
export async function givenWatch(
  t: TestApp,
  tenantId: string,
  options: { citizen?: boolean; settings?: DeviceAppSettings; productThreshold?: number } = {},
) {
  const db = t.database.db;
  const g = given(db);
  const organization = await g.organization(tenantId);
  const [product] = await db
    .insert(products)
    .values({
      tenantId,
      kind: 'deviceFamily',
      name: `Family ${randomBytes(3).toString('hex')}`,
      listPriceMinor: 0,
      currency: 'DKK',
      expectedReportingIntervalSeconds: 300,
      defaultAppSettings: { ...SETTINGS, lowBatteryThresholdPercent: options.productThreshold ?? 15 },
    })
    .returning({ id: products.id });
  const device = await givenDevice(db, tenantId, { productId: product!.id });
  await db.update(devices).set({ organizationId: organization.id }).where(eq(devices.id, device.id));
  if (!options.citizen) return { device, organizationId: organization.id, citizenId: null };
  // A real ciphertext: the citizens list of the isolation suite reads the number back.
  const cpr = createCprProtection(t.config.cprEncryptionKey);
  cprSerial += 1;
  const number = `010345${String(cprSerial % 10_000).padStart(4, '0')}`;
  const [citizen] = await db
    .insert(citizens)
    .values({
      tenantId,
      organizationId: organization.id,
      name: 'Inge',
      surname: 'Jensen',
      cprEncrypted: cpr.encrypt(number),
      cprHash: cpr.hash(number),
    })
    .returning({ id: citizens.id });
  const citizenId = citizen!.id;
  await db.update(devices).set({ citizenId }).where(eq(devices.id, device.id));
  if (options.settings) {
    await db
      .insert(citizenDeviceSettings)
      .values({ tenantId, citizenId, deviceId: device.id, settings: options.settings });
  }
  const customer = await g.customer(tenantId);
  const email = `karen.${randomBytes(4).toString('hex')}@example.com`;
  const phone = `+45${String(randomBytes(4).readUInt32BE(0)).padStart(10, '0').slice(-8)}`;
  const [contact] = await db
    .insert(contactPeople)
    .values({
      tenantId,
      customerId: customer.id,
      firstName: 'Karen',
      lastName: 'Holm',
      phone,
      email,
    })
    .returning({ id: contactPeople.id });
  const later = await g.user({ tenantId });
  await db.insert(citizenAlarmReceivers).values([
    { tenantId, citizenId, position: 1, kind: 'contactPerson', contactPersonId: contact!.id },
    { tenantId, citizenId, position: 2, kind: 'user', userId: later.id },
  ]);
  return {
    device,
    organizationId: organization.id,
    citizenId,
    receiver: { email, phone },
    secondReceiver: { email: later.email },
  };
}

/** The time this test file started, whole seconds: reports are timed `secondsAgo` before it. */
const START = Math.floor(Date.now() / 1000);

/** The device time of a report sent `secondsAgo` before the test file started. */
export const reportTime = (secondsAgo: number) => new Date((START - secondsAgo) * 1000);

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A 3G watch talking to the TCP gateway on `port`. `location` sends a `UD` or `AL` frame (a fix at
 * Aarhus, `secondsAgo` before the test file started, with the status bits in hex) and `send` any
 * frame as written (its id replaced by the watch's; the length stays right as it counts only the
 * content), each followed by an `LK`, and resolve on the `LK` answer: the gateway answers a watch's
 * frames in order, after their batch committed, so the frame (which a `UD` gets no answer to) has
 * been applied by then.
 */
export async function watchOnGateway(port: number, watchId: string) {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let answers = '';
  let links = 0;
  const waiting: (() => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    answers += chunk.toString('latin1');
    const seen = answers.split('*LK]').length - 1;
    while (links < seen) {
      links += 1;
      waiting.shift()?.();
    }
  });
  const header = { manufacturer: '3G', deviceId: watchId };
  const link = encodeWatchFrame(header, 'LK');
  const sendLinked = async (frame: Buffer) => {
    const linked = new Promise<void>((resolve) => waiting.push(resolve));
    socket.write(Buffer.concat([frame, link]));
    await linked;
  };
  return {
    async location(type: 'UD' | 'AL', secondsAgo: number, status: string, battery = 80) {
      const at = reportTime(secondsAgo);
      const date = `${two(at.getUTCDate())}${two(at.getUTCMonth() + 1)}${two(at.getUTCFullYear() % 100)}`;
      const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
      const content = `${type},${date},${time},A,56.150000,N,10.200000,E,0,0,0,9,100,${battery},0,0,${status},0,0,10`;
      await sendLinked(encodeWatchFrame(header, content));
    },
    send: (frame: string) =>
      sendLinked(Buffer.from(frame.replace(/^\[(\w+)\*[^*]+\*/, `[$1*${watchId}*`), 'latin1')),
    /** Every answer the gateway sent so far (`[3G*id*0002*AL]` for each alarm frame). */
    answers: () => answers,
    close: () => socket.destroy(),
  };
}

/** Sends an OsmAnd report of the watch (a fix at Aarhus) `secondsAgo` before the test started. */
export function report(
  t: TestApp,
  imei: string,
  secondsAgo: number,
  extra: Record<string, string | number> = {},
) {
  const query = new URLSearchParams({
    id: imei,
    timestamp: String(START - secondsAgo),
    lat: '56.15',
    lon: '10.2',
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
  });
  return t.app.inject({ method: 'POST', url: `/api/gateway/osmand?${query}` });
}

export async function alarmsOf(t: TestApp, deviceId: string) {
  return selectRows<{ id: string; kind: string; state: string; count: number; citizen_id: string | null }>(
    t.database.db,
    sql`select id, kind, state, count, citizen_id from alarms where device_id = ${deviceId} order by first_at`,
  );
}

export async function historyOf(t: TestApp, alarmId: string) {
  return selectRows<{ action: string; detail: Record<string, unknown> | null }>(
    t.database.db,
    sql`select action, detail from alarm_history where alarm_id = ${alarmId} order by at, id`,
  );
}

export async function outboxTo(t: TestApp, recipient: string) {
  return selectRows<{ channel: string; subject: string | null; body: string }>(
    t.database.db,
    sql`select channel, subject, body from outbox where recipient = ${recipient} order by channel`,
  );
}

export async function callerWith(t: TestApp, tenantId: string, permissions: string[]) {
  const { headers, user } = await signedInCaller(t, { tenantId, permissions });
  return {
    userId: user.id,
    send: (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) }),
  };
}
