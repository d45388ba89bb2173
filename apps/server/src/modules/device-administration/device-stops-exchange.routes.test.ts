import { DEVICE_STOP_EFFECTS, DEVICE_STOP_KINDS, PHYSICAL_LOCATIONS as L } from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { alarms } from '../alarms/alarms.schema';
import { billingSubscriptions } from '../billing/billing.schema';
import { citizenAlarmReceivers, citizenDeviceSettings, citizenGeofences } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { markOfflineDevices } from '../telemetry/offline-devices';
import { deviceHistory } from './device-administration.schema';
import {
  administrationTenant,
  CITIZEN_SETTINGS,
  type AdministrationTenant,
} from './device-administration-test-support';
import { RELATIVE_ALARM_LINKS } from '../alarm-texts/alarm-notification-text';

let t: TestApp;
let a: AdministrationTenant;

beforeAll(async () => {
  t = await buildTestApp();
  a = await administrationTenant(t);
});
afterAll(async () => {
  await t.close();
});

const deviceRow = async (id: string) =>
  (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0]!;
const subscriptionsOf = (deviceId: string) =>
  t.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.deviceId, deviceId));
const settingsOf = (deviceId: string) =>
  t.database.db.select().from(citizenDeviceSettings).where(eq(citizenDeviceSettings.deviceId, deviceId));

describe('stop', () => {
  it.each(DEVICE_STOP_KINDS)(
    'stopping as %s ends the citizen link, settles the subscription and moves the watch',
    async (kind) => {
      const watch = await a.watch({ physicalLocation: L.atCustomer });
      await a.citizenWearing(watch.id);
      await a.subscription(watch.id);
      const stopped = await a.call('POST', `/${watch.id}/stop`, { kind, note: `Stopped ${kind}` });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json()).toMatchObject({
        citizenId: null,
        stoppedAs: kind,
        physicalLocation: DEVICE_STOP_EFFECTS[kind].location,
        readyForSale: false,
      });
      expect(await settingsOf(watch.id)).toEqual([]);
      const [subscription] = await subscriptionsOf(watch.id);
      expect(subscription!.status).toBe(
        DEVICE_STOP_EFFECTS[kind].subscription === 'paused' ? 'paused' : 'canceled',
      );
      const [entry] = (await a.call('GET', `/${watch.id}/history`)).json().items;
      expect(entry).toMatchObject({
        kind: 'stop',
        stopKind: kind,
        fromLocation: L.atCustomer,
        note: `Stopped ${kind}`,
      });
      // The same stop twice is refused; another one (the watch came back) is not.
      const again = await a.call('POST', `/${watch.id}/stop`, { kind });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('deviceAdministration:refused.alreadyStoppedAs');
    },
  );

  it('a stopped watch raises no offline alarm; a watch in service still does', async () => {
    const [stoppedWatch, activeWatch] = [await a.watch({ physicalLocation: L.atCustomer }), await a.watch()];
    expect((await a.call('POST', `/${stoppedWatch.id}/stop`, { kind: 'awaitingReturn' })).statusCode).toBe(
      200,
    );
    const silentSince = new Date(Date.now() - 24 * 3600_000);
    for (const id of [stoppedWatch.id, activeWatch.id]) {
      await t.database.db
        .update(devices)
        .set({ status: 'online', networkStatus: 'connected', lastSeenAt: silentSince })
        .where(eq(devices.id, id));
    }
    await markOfflineDevices(t.database.db, RELATIVE_ALARM_LINKS, new Date());
    const offline = async (deviceId: string) =>
      t.database.db
        .select()
        .from(alarms)
        .where(and(eq(alarms.deviceId, deviceId), eq(alarms.kind, 'offline')));
    expect(await offline(stoppedWatch.id)).toHaveLength(0);
    expect(await offline(activeWatch.id)).toHaveLength(1);
  });

  it('a stop the location table refuses (Written off → In stock as returned) is a 409 that changes nothing', async () => {
    const watch = await a.watch({ physicalLocation: L.writtenOff });
    await a.citizenWearing(watch.id);
    const refused = await a.call('POST', `/${watch.id}/stop`, { kind: 'returned' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('deviceAdministration:refused.fromWrittenOff');
    const row = await deviceRow(watch.id);
    expect(row.citizenId).not.toBeNull();
    expect(row.stoppedAs).toBeNull();
  });

  it('moving a stopped watch to a customer again puts it back in service', async () => {
    const watch = await a.watch({ physicalLocation: L.atCustomer });
    await a.call('POST', `/${watch.id}/stop`, { kind: 'returned' });
    const shipped = await a.call('PUT', `/${watch.id}/location`, { to: L.sentToCustomer });
    expect(shipped.json()).toMatchObject({ stoppedAs: null, physicalLocation: L.sentToCustomer });
  });
});

describe('exchange', () => {
  async function wornWatchAndStock() {
    const old = await a.watch({ physicalLocation: L.atCustomer });
    const { citizenId, geofenceId } = await a.citizenWearing(old.id);
    const subscription = await a.subscription(old.id);
    const stock = await a.watch({ physicalLocation: L.inStock, readyForSale: true });
    return { old, stock, citizenId, geofenceId, subscription };
  }

  it('moves the citizen link, settings and subscription to the stock watch; geofences and receivers stay', async () => {
    const { old, stock, citizenId, geofenceId, subscription } = await wornWatchAndStock();
    const candidates = await a.call('GET', `/${old.id}/exchange-candidates?maxResultCount=1000`);
    expect(candidates.json().items.map((item: { id: string }) => item.id)).toContain(stock.id);

    const exchanged = await a.call('POST', `/${old.id}/exchange`, {
      replacementDeviceId: stock.id,
      note: 'Broken strap',
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json()).toMatchObject({
      previous: {
        id: old.id,
        citizenId: null,
        physicalLocation: L.awaitingReturn,
        stoppedAs: 'awaitingReturn',
      },
      replacement: {
        id: stock.id,
        citizenId,
        physicalLocation: L.atCustomer,
        stoppedAs: null,
        readyForSale: false,
      },
    });
    expect((await settingsOf(stock.id)).map((row) => row.settings)).toEqual([CITIZEN_SETTINGS]);
    expect(await settingsOf(old.id)).toEqual([]);
    const [moved] = await subscriptionsOf(stock.id);
    expect(moved).toMatchObject({ id: subscription.id, status: 'active' });
    const fences = await t.database.db
      .select()
      .from(citizenGeofences)
      .where(eq(citizenGeofences.citizenId, citizenId));
    expect(fences.map((row) => row.geofenceId)).toEqual([geofenceId]);
    const receivers = await t.database.db
      .select()
      .from(citizenAlarmReceivers)
      .where(eq(citizenAlarmReceivers.citizenId, citizenId));
    expect(receivers).toHaveLength(1);
    const [oldEntry] = (await a.call('GET', `/${old.id}/history`)).json().items;
    expect(oldEntry).toMatchObject({
      kind: 'exchange',
      otherDeviceImei: stock.imei,
      toLocation: L.awaitingReturn,
    });
    const [newEntry] = (await a.call('GET', `/${stock.id}/history`)).json().items;
    expect(newEntry).toMatchObject({ kind: 'exchange', otherDeviceId: old.id, fromLocation: L.inStock });
  });

  it('refuses a replacement that is not in stock, not ready, worn, or the same watch', async () => {
    const { old } = await wornWatchAndStock();
    const testing = await a.watch({ physicalLocation: L.testing, readyForSale: true });
    const notReady = await a.watch({ physicalLocation: L.inStock });
    const worn = await a.watch({ physicalLocation: L.inStock, readyForSale: true });
    await a.citizenWearing(worn.id);
    for (const [replacementDeviceId, message] of [
      [testing.id, 'deviceAdministration:refused.replacementNotInStock'],
      [notReady.id, 'deviceAdministration:refused.replacementNotReady'],
      [worn.id, 'deviceAdministration:refused.replacementInUse'],
      [old.id, 'deviceAdministration:refused.replacementSameDevice'],
    ]) {
      const refused = await a.call('POST', `/${old.id}/exchange`, { replacementDeviceId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.validationErrors).toEqual([{ field: 'replacementDeviceId', message }]);
    }
    const other = await administrationTenant(t);
    const foreign = await other.watch({ physicalLocation: L.inStock, readyForSale: true });
    const refused = await a.call('POST', `/${old.id}/exchange`, { replacementDeviceId: foreign.id });
    expect(refused.json().error.validationErrors[0].field).toBe('replacementDeviceId');
    expect((await deviceRow(foreign.id)).citizenId).toBeNull();
  });

  it('is all or nothing: a failure after the link has moved leaves every part as it was', async () => {
    const { old, stock, citizenId, subscription } = await wornWatchAndStock();
    // The stock watch still has a live subscription of its own: moving the old one onto it fails,
    // after the citizen link and the settings have already been handed over in the transaction.
    await a.subscription(stock.id);
    const failed = await a.call('POST', `/${old.id}/exchange`, { replacementDeviceId: stock.id });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error.validationErrors).toEqual([
      { field: 'replacementDeviceId', message: 'deviceAdministration:refused.replacementHasSubscription' },
    ]);
    expect(await deviceRow(old.id)).toMatchObject({
      citizenId,
      physicalLocation: L.atCustomer,
      stoppedAs: null,
    });
    expect(await deviceRow(stock.id)).toMatchObject({
      citizenId: null,
      physicalLocation: L.inStock,
      readyForSale: true,
    });
    expect((await settingsOf(old.id)).map((row) => row.settings)).toEqual([CITIZEN_SETTINGS]);
    expect(await settingsOf(stock.id)).toEqual([]);
    expect((await subscriptionsOf(old.id)).map((row) => row.id)).toEqual([subscription.id]);
    const history = await t.database.db
      .select()
      .from(deviceHistory)
      .where(eq(deviceHistory.deviceId, old.id));
    expect(history).toEqual([]);
  });

  it('refuses to exchange a watch no citizen wears', async () => {
    const free = await a.watch({ physicalLocation: L.inStock });
    const stock = await a.watch({ physicalLocation: L.inStock, readyForSale: true });
    const refused = await a.call('POST', `/${free.id}/exchange`, { replacementDeviceId: stock.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('deviceAdministration:refused.noCitizen');
  });
});
