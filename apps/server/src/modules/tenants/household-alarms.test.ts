import type { RealtimeEvent, RealtimeServerMessage } from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { householdWithMember, type IsolationHousehold } from '../../test/tenant-isolation/households';
import { alarms } from '../alarms/alarms.schema';
import { stockWatchIn } from '../devices/device-stock-test-support';
import { nextCpr } from '../citizens/citizens-test-support';
import { northOf, osmandReporter } from '../geofence-engine/geofence-engine-test-support';
import { organizationUnits, userOrganizationUnits } from '../organization-units/organization-units.schema';

/**
 * A household end to end with the organization-based machinery (ARCHITECTURE "Households"): its one
 * organization unit, which its people follow; a connected watch in it; a citizen with a geofence
 * made by the owner without naming an organization; an exit through the OsmAnd route raises an
 * alarm that the owner and the invited member get on the realtime socket, and another household
 * gets nothing.
 */

const HOME = { lat: 56.1572, lon: 10.2107 };

let t: TestApp;
let url: string;
let householdA: IsolationHousehold;
let householdB: IsolationHousehold;
let seller: TestTokens;
let sellerOrganization: string;

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const sellerTenant = (await g.tenant()).id;
  sellerOrganization = (await g.organization(sellerTenant)).id;
  const staff = await g.user({
    tenantId: sellerTenant,
    roles: [
      await g.role({
        tenantId: sellerTenant,
        permissions: ['Homeward.Devices', 'Homeward.Devices.Create', 'Homeward.Devices.ActivationCodes'],
      }),
    ],
  });
  seller = await signIn(t, staff);
  householdA = await householdWithMember(t);
  householdB = await householdWithMember(t);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/realtime`;
});
afterAll(async () => {
  await t?.close();
});

/** A watch in the seller's stock and the code on its box. */
const stockWatch = () => stockWatchIn(t, seller, sellerOrganization);

/** A signed-in realtime connection: the events it got, and a way to wait for more. */
async function listen(tokens: TestTokens) {
  const socket = new WebSocket(url);
  const events: RealtimeEvent[] = [];
  let ready = false;
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as RealtimeServerMessage;
    if (message.type === 'ready') ready = true;
    if (message.type === 'events') events.push(...message.events);
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'auth', accessToken: tokens.accessToken }));
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((wake) => waiters.push(wake));
  };
  await until(() => ready);
  return { socket, events, until };
}

async function unitsOf(householdId: string) {
  return t.database.db
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .where(eq(organizationUnits.tenantId, householdId));
}

describe('a household with the organization-based machinery', () => {
  it('has one organization unit that the owner and the invited member follow', async () => {
    const units = await unitsOf(householdA.id);
    expect(units).toHaveLength(1);
    const followers = await t.database.db
      .select({ userId: userOrganizationUnits.userId })
      .from(userOrganizationUnits)
      .where(eq(userOrganizationUnits.organizationUnitId, units[0]!.id));
    expect(followers.map((row) => row.userId).sort()).toEqual(
      [householdA.owner.id, householdA.member.id].sort(),
    );
  });

  it('raises an alarm when the citizen leaves the geofence, for both members and nobody else', async () => {
    const [owner, member, otherOwner, otherMember] = await Promise.all([
      signIn(t, householdA.owner, 'plug-and-play'),
      signIn(t, householdA.member, 'plug-and-play'),
      signIn(t, householdB.owner, 'plug-and-play'),
      signIn(t, householdB.member, 'plug-and-play'),
    ]);
    const watch = await stockWatch();
    const connected = await t.app.inject({
      method: 'POST',
      url: '/api/device-connection',
      headers: bearer(owner),
      payload: { imei: watch.imei, activationCode: watch.code, name: 'Dad’s watch' },
    });
    expect(connected.statusCode, connected.body).toBe(201);
    const [unit] = await unitsOf(householdA.id);
    const device = await t.app.inject({ url: `/api/devices/${watch.id}`, headers: bearer(owner) });
    expect(device.json()).toMatchObject({ tenantId: householdA.id, organizationId: unit!.id });

    // The owner names no organization, customer or payer: the household's unit is the citizen's.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/citizens/wizard',
      headers: bearer(owner),
      payload: {
        information: { name: 'Erik', surname: 'Hansen', cpr: nextCpr() },
        deviceIds: [watch.id],
        newGeofence: {
          name: 'Home',
          geometry: { kind: 'circle', center: HOME, radiusMeters: 200 },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const citizen = created.json<{ id: string; organizationId: string; geofences: { id: string }[] }>();
    expect(citizen.organizationId).toBe(unit!.id);
    expect(citizen.geofences).toHaveLength(1);

    const [ownerSocket, memberSocket, otherOwnerSocket, otherMemberSocket] = await Promise.all([
      listen(owner),
      listen(member),
      listen(otherOwner),
      listen(otherMember),
    ]);
    const report = osmandReporter(t, watch.imei);
    await report(HOME.lat, HOME.lon, 10);
    const far = northOf(HOME, 1500);
    await report(far.lat, far.lon, 10);
    await report(far.lat + 0.001, far.lon, 10);

    const [raised] = await t.database.db
      .select()
      .from(alarms)
      .where(and(eq(alarms.deviceId, watch.id), eq(alarms.kind, 'outsideGeofence')));
    expect(raised).toMatchObject({ tenantId: householdA.id, citizenId: citizen.id, state: 'open' });

    const alarmIn = (events: RealtimeEvent[]) =>
      events.some((event) => event.type === 'alarm' && event.alarmId === raised!.id);
    await ownerSocket.until(() => alarmIn(ownerSocket.events));
    await memberSocket.until(() => alarmIn(memberSocket.events));
    // Published for the household's unit, the one its people follow.
    expect(ownerSocket.events.find((event) => event.type === 'alarm')).toMatchObject({
      tenantId: householdA.id,
      organizationId: unit!.id,
    });

    // The other household's sockets are open and signed in the whole time; a position of their own
    // watch reaches them after the alarm was published, so anything of household A would have too.
    const otherWatch = await stockWatch();
    const otherConnected = await t.app.inject({
      method: 'POST',
      url: '/api/device-connection',
      headers: bearer(otherOwner),
      payload: { imei: otherWatch.imei, activationCode: otherWatch.code, name: 'Mum’s watch' },
    });
    expect(otherConnected.statusCode, otherConnected.body).toBe(201);
    await osmandReporter(t, otherWatch.imei)(HOME.lat, HOME.lon, 10);
    const ownWatchIn = (events: RealtimeEvent[]) =>
      events.some((event) => event.type === 'position' && event.deviceId === otherWatch.id);
    await otherOwnerSocket.until(() => ownWatchIn(otherOwnerSocket.events));
    await otherMemberSocket.until(() => ownWatchIn(otherMemberSocket.events));
    for (const other of [otherOwnerSocket, otherMemberSocket]) {
      expect(other.events.every((event) => event.tenantId === householdB.id)).toBe(true);
      expect(alarmIn(other.events)).toBe(false);
    }
    // Household B cannot read the alarm or the citizen either.
    const read = await t.app.inject({ url: `/api/alarms/${raised!.id}`, headers: bearer(otherOwner) });
    expect(read.statusCode).toBe(404);
    const citizenRead = await t.app.inject({
      url: `/api/citizens/${citizen.id}`,
      headers: bearer(otherOwner),
    });
    expect(citizenRead.statusCode).toBe(404);

    for (const socket of [ownerSocket, memberSocket, otherOwnerSocket, otherMemberSocket])
      socket.socket.close();
  });
});
