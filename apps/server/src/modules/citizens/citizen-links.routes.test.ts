import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/database';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createGeofence } from '../geofences/geofences.service';
import { citizenWizardRoutes } from './citizens.routes';
import {
  citizensTenant,
  createCitizen,
  fieldErrors,
  information,
  PRODUCT_DEFAULTS,
  type CitizensTenant,
} from './citizens-test-support';

let t: TestApp;
let a: CitizensTenant;
let b: CitizensTenant;

const FAILING_PREFIX = '/failing-step-4';
const circle = { kind: 'circle', center: { lat: 56.16, lon: 10.2 }, radiusMeters: 120 };
const settings = {
  positionIntervalSeconds: 60,
  sosNumber: '112',
  lowBatteryThresholdPercent: 30,
  fallDetection: true,
};

beforeAll(async () => {
  t = await buildTestApp();
  // The wizard once more, behind a prefix, with step 4 failing after its geofence insert: the
  // request's transaction must then leave nothing of any step behind.
  await t.app.register(citizenWizardRoutes, {
    prefix: FAILING_PREFIX,
    config: t.config,
    database: t.database,
    authorizations: { invalidate: () => undefined } as never,
    steps: {
      async createGeofence(ctx, input) {
        await createGeofence(ctx, input);
        throw new Error('injected failure after the new geofence insert');
      },
    },
  });
  a = await citizensTenant(t);
  b = await citizensTenant(t);
});
afterAll(async () => {
  await t.close();
});

const count = async (query: ReturnType<typeof sql>) =>
  Number((await selectRows<{ n: number }>(t.database.db, query))[0]!.n);

describe('the creation wizard', () => {
  it('creates the citizen, links watches with given or default settings, and links old and new geofences', async () => {
    const [watchA, watchB, , watchD] = a.deviceIds;
    const citizen = await createCitizen(a, {
      deviceIds: [watchA, watchB, watchD],
      deviceSettings: [{ deviceId: watchA, settings }],
      geofenceIds: [a.geofenceIds[0]],
      newGeofence: { name: 'Drawn in step 4', geometry: circle },
    });
    const detail = (await a.admin.send('GET', `/api/citizens/${citizen.id}`)).json();
    const settingsOf = (id: string) =>
      detail.devices.find((device: { id: string }) => device.id === id)?.settings;
    expect(settingsOf(watchA!)).toEqual(settings);
    expect(settingsOf(watchB!)).toEqual(PRODUCT_DEFAULTS);
    // A watch without a device family gets the contract defaults.
    expect(settingsOf(watchD!)).toMatchObject({ positionIntervalSeconds: 300, fallDetection: false });
    expect(detail.devices[0]).toMatchObject({ productName: 'Stella Watch', status: 'unknown' });
    expect(detail.geofences.map((fence: { name: string }) => fence.name)).toContain('Drawn in step 4');
    expect(
      detail.geofences.find((fence: { name: string }) => fence.name === 'Drawn in step 4').geometry,
    ).toEqual(circle);
    expect(detail.geofences).toHaveLength(2);
    const available = await a.admin.send('GET', '/api/citizens/available-devices?maxResultCount=100');
    expect(available.json().items.map((device: { id: string }) => device.id)).toEqual([a.deviceIds[2]]);
    expect(available.json().items[0].defaultSettings).toEqual(PRODUCT_DEFAULTS);
    // The device registry names the wearer.
    const devicesReader = await a.caller(['Homeward.Devices']);
    const watch = await devicesReader.send('GET', `/api/devices/${watchA}`);
    expect(watch.json()).toMatchObject({ citizenId: citizen.id, citizenName: 'Inge Jensen' });
    // Freed again for the tests below.
    await a.admin.send('PUT', `/api/citizens/${citizen.id}/devices`, { deviceIds: [] });
  });

  it('leaves no citizen, link, setting or geofence when step 4 fails', async () => {
    const before = {
      citizens: await count(sql`select count(*)::int as n from citizens where tenant_id = ${a.tenant.id}`),
      geofences: await count(sql`select count(*)::int as n from geofences where tenant_id = ${a.tenant.id}`),
      settings: await count(
        sql`select count(*)::int as n from citizen_device_settings where tenant_id = ${a.tenant.id}`,
      ),
      links: await count(
        sql`select count(*)::int as n from citizen_geofences where tenant_id = ${a.tenant.id}`,
      ),
    };
    const response = await a.admin.send('POST', `${FAILING_PREFIX}/api/citizens/wizard`, {
      information: information(a, { surname: 'Rolled back' }),
      deviceIds: [a.deviceIds[0]],
      deviceSettings: [{ deviceId: a.deviceIds[0], settings }],
      geofenceIds: [a.geofenceIds[1]],
      newGeofence: { name: 'Never kept', geometry: circle },
    });
    expect(response.statusCode).toBe(500);
    expect({
      citizens: await count(sql`select count(*)::int as n from citizens where tenant_id = ${a.tenant.id}`),
      geofences: await count(sql`select count(*)::int as n from geofences where tenant_id = ${a.tenant.id}`),
      settings: await count(
        sql`select count(*)::int as n from citizen_device_settings where tenant_id = ${a.tenant.id}`,
      ),
      links: await count(
        sql`select count(*)::int as n from citizen_geofences where tenant_id = ${a.tenant.id}`,
      ),
    }).toEqual(before);
    expect(await count(sql`select count(*)::int as n from citizens where surname = 'Rolled back'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from geofences where name = 'Never kept'`)).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from devices where id = ${a.deviceIds[0]} and citizen_id is not null`,
      ),
    ).toBe(0);
  });
});

describe('replacing link sets', () => {
  it('makes the watches exactly the set sent, keeps settings of watches that stay, and refuses a taken watch', async () => {
    const [watchA, watchB, watchC] = a.deviceIds;
    const citizen = await createCitizen(a, {
      deviceIds: [watchA, watchB],
      deviceSettings: [{ deviceId: watchA, settings }],
    });
    const replaced = await a.admin.send('PUT', `/api/citizens/${citizen.id}/devices`, {
      deviceIds: [watchA, watchC],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const ids = replaced
      .json()
      .devices.map((device: { id: string }) => device.id)
      .sort();
    expect(ids).toEqual([watchA, watchC].sort());
    expect(replaced.json().devices.find((device: { id: string }) => device.id === watchA).settings).toEqual(
      settings,
    );
    expect(
      await count(
        sql`select count(*)::int as n from citizen_device_settings where citizen_id = ${citizen.id}`,
      ),
    ).toBe(2);

    const other = await createCitizen(a);
    const taken = await a.admin.send('PUT', `/api/citizens/${other.id}/devices`, {
      deviceIds: [watchB, watchC],
    });
    expect(fieldErrors(taken)).toEqual([{ field: 'deviceIds.1', message: 'citizens:deviceTaken' }]);
    const wizardTaken = await a.admin.send('POST', '/api/citizens/wizard', {
      information: information(a),
      deviceIds: [watchA],
    });
    expect(fieldErrors(wizardTaken)).toEqual([{ field: 'deviceIds.0', message: 'citizens:deviceTaken' }]);
    const foreign = await a.admin.send('PUT', `/api/citizens/${other.id}/devices`, {
      deviceIds: [b.deviceIds[0]],
    });
    expect(fieldErrors(foreign)).toEqual([{ field: 'deviceIds.0', message: 'citizens:unknownDevice' }]);

    const emptied = await a.admin.send('PUT', `/api/citizens/${citizen.id}/devices`, { deviceIds: [] });
    expect(emptied.json().devices).toEqual([]);
    expect(
      await count(
        sql`select count(*)::int as n from citizen_device_settings where citizen_id = ${citizen.id}`,
      ),
    ).toBe(0);
  });

  it('changes one watch’s app settings, validated by the device settings contract', async () => {
    const [, , , watchD] = a.deviceIds;
    const citizen = await createCitizen(a, { deviceIds: [watchD] });
    const url = `/api/citizens/${citizen.id}/devices/${watchD}/settings`;
    const changed = await a.admin.send('PUT', url, { settings });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().devices[0].settings).toEqual(settings);
    const invalid = await a.admin.send('PUT', url, { settings: { ...settings, positionIntervalSeconds: 1 } });
    expect(invalid.statusCode).toBe(400);
    expect(fieldErrors(invalid)?.[0]?.field).toBe('settings.positionIntervalSeconds');
    const notLinked = await a.admin.send(
      'PUT',
      `/api/citizens/${citizen.id}/devices/${a.deviceIds[2]}/settings`,
      { settings },
    );
    expect(notLinked.statusCode).toBe(404);
    await a.admin.send('PUT', `/api/citizens/${citizen.id}/devices`, { deviceIds: [] });
  });

  it('replaces the geofences and lists the citizens of a geofence', async () => {
    const citizen = await createCitizen(a, { geofenceIds: [a.geofenceIds[0]] });
    const replaced = await a.admin.send('PUT', `/api/citizens/${citizen.id}/geofences`, {
      geofenceIds: [a.geofenceIds[1]],
    });
    expect(replaced.json().geofences.map((fence: { id: string }) => fence.id)).toEqual([a.geofenceIds[1]]);
    const foreign = await a.admin.send('PUT', `/api/citizens/${citizen.id}/geofences`, {
      geofenceIds: [b.geofenceIds[0]],
    });
    expect(fieldErrors(foreign)).toEqual([{ field: 'geofenceIds.0', message: 'citizens:unknownGeofence' }]);
    const ofFence = await a.admin.send('GET', `/api/geofences/${a.geofenceIds[1]}/citizens`);
    expect(ofFence.json().items.map((item: { id: string }) => item.id)).toContain(citizen.id);
    const notOfFence = await a.admin.send(
      'GET',
      `/api/geofences/${a.geofenceIds[0]}/citizens?maxResultCount=1000`,
    );
    expect(notOfFence.json().items.map((item: { id: string }) => item.id)).not.toContain(citizen.id);
    expect((await b.admin.send('GET', `/api/geofences/${a.geofenceIds[1]}/citizens`)).statusCode).toBe(404);
  });

  it('keeps the alarm receivers in the order sent, with their names and numbers', async () => {
    const citizen = await createCitizen(a);
    const url = `/api/citizens/${citizen.id}/alarm-receivers`;
    const first = await a.admin.send('PUT', url, {
      receivers: [
        { kind: 'contactPerson', contactPersonId: a.contactPersonId },
        { kind: 'user', userId: a.caregiver.id },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().alarmReceivers).toMatchObject([
      {
        position: 1,
        kind: 'contactPerson',
        contactPersonId: a.contactPersonId,
        name: 'Karen Holm',
        phone: '+4520304050',
      },
      { position: 2, kind: 'user', userId: a.caregiver.id, email: a.caregiver.email },
    ]);
    const reversed = await a.admin.send('PUT', url, {
      receivers: [
        { kind: 'user', userId: a.caregiver.id },
        { kind: 'contactPerson', contactPersonId: a.contactPersonId },
      ],
    });
    expect(reversed.json().alarmReceivers.map((receiver: { kind: string }) => receiver.kind)).toEqual([
      'user',
      'contactPerson',
    ]);
    const twice = await a.admin.send('PUT', url, {
      receivers: [
        { kind: 'user', userId: a.caregiver.id },
        { kind: 'user', userId: a.caregiver.id },
      ],
    });
    expect(fieldErrors(twice)).toEqual([
      { field: 'receivers.1.userId', message: 'citizens:duplicateReceiver' },
    ]);
    const foreign = await a.admin.send('PUT', url, { receivers: [{ kind: 'user', userId: b.caregiver.id }] });
    expect(fieldErrors(foreign)).toEqual([
      { field: 'receivers.0.userId', message: 'citizens:unknownReceiver' },
    ]);
    const foreignContact = await a.admin.send('PUT', url, {
      receivers: [{ kind: 'contactPerson', contactPersonId: b.contactPersonId }],
    });
    expect(fieldErrors(foreignContact)).toEqual([
      { field: 'receivers.0.contactPersonId', message: 'citizens:unknownReceiver' },
    ]);
    // Refused calls changed nothing.
    expect((await a.admin.send('GET', `/api/citizens/${citizen.id}`)).json().alarmReceivers).toHaveLength(2);
    expect((await a.admin.send('PUT', url, { receivers: [] })).json().alarmReceivers).toEqual([]);
  });

  it('offers the tenant’s users and contact people as alarm receivers', async () => {
    const all = await a.admin.send('GET', '/api/citizens/alarm-receiver-candidates');
    expect(all.statusCode).toBe(200);
    const items = all.json().items as { kind: string; id: string; customerName: string | null }[];
    expect(items.some((item) => item.kind === 'user' && item.id === a.caregiver.id)).toBe(true);
    expect(items.find((item) => item.id === a.contactPersonId)?.customerName).toEqual(expect.any(String));
    expect(items.some((item) => item.id === b.caregiver.id || item.id === b.contactPersonId)).toBe(false);
    const filtered = await a.admin.send('GET', '/api/citizens/alarm-receiver-candidates?filter=karen');
    expect(filtered.json().items.map((item: { id: string }) => item.id)).toEqual([a.contactPersonId]);
  });
});
