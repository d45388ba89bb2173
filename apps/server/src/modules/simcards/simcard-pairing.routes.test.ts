import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/outbox/outbox.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { apiCaller, signIn, type TestTokens } from '../../test/sign-in';
import { givenCommandTemplate } from '../device-commands/device-commands-test-support';
import { devices } from '../devices/devices.schema';
import { givenDevice } from '../telemetry/telemetry-test-support';
import { randomIccid, randomMsisdn, SIMCARD_PERMISSIONS } from './simcards-test-support';

let t: TestApp;
let tenantId: string;
let otherTenantId: string;
let admin: TestTokens;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = apiCaller(t);
  const g = given(t.database.db);
  [tenantId, otherTenantId] = [(await g.tenant()).id, (await g.tenant()).id];
  const user = await g.user({
    tenantId,
    permissions: [...SIMCARD_PERMISSIONS, 'Homeward.Devices', 'Homeward.Devices.SendCommand'],
  });
  admin = await signIn(t, user);
});
afterAll(async () => {
  await t.close();
});

const newSim = async () =>
  (await call(admin, 'POST', '/api/simcards', { iccid: randomIccid(), msisdn: randomMsisdn() })).json();
const pair = (rows: { iccid: string; imei: string }[]) => call(admin, 'POST', '/api/simcards/pair', { rows });
const phoneOf = async (deviceId: string) =>
  (await t.database.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!.phoneNumber;

describe('pairing SIM cards with watches', () => {
  it('gives the watch its SIM’s number, and the terminal sends SMS commands to it', async () => {
    const [sim, watch] = [await newSim(), await givenDevice(t.database.db, tenantId)];
    await t.database.db.update(devices).set({ phoneNumber: '+4599999999' }).where(eq(devices.id, watch.id));
    const response = await pair([{ iccid: sim.iccid, imei: watch.imei }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      paired: 1,
      alreadyPaired: 0,
      failed: 0,
      rows: [
        {
          row: 1,
          iccid: sim.iccid,
          imei: watch.imei,
          outcome: 'paired',
          simcardId: sim.id,
          deviceId: watch.id,
          errors: [],
        },
      ],
    });
    expect(await phoneOf(watch.id)).toBe(sim.msisdn);
    const listed = await call(admin, 'GET', `/api/simcards?filter=${watch.imei}`);
    expect(listed.json().items).toMatchObject([{ id: sim.id, device: { id: watch.id, imei: watch.imei } }]);

    // The SIM is the truth even where the watch's own number was typed over afterwards.
    await t.database.db.update(devices).set({ phoneNumber: '+4511111111' }).where(eq(devices.id, watch.id));
    const template = await givenCommandTemplate(t.database.db, tenantId, {
      commandText: 'pw,123456,ts#',
      isTextMessage: true,
    });
    const sent = await call(admin, 'POST', `/api/devices/${watch.id}/commands`, { templateId: template.id });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, sim.msisdn))).toMatchObject([
      { channel: 'sms', body: 'pw,123456,ts#' },
    ]);
    const terminal = await call(admin, 'GET', `/api/devices/${watch.id}/terminal`);
    expect(terminal.json().phoneNumber).toBe(sim.msisdn);
  });

  it('falls back to the watch’s own number once its SIM is deactivated, which unpairs it', async () => {
    const [sim, watch] = [await newSim(), await givenDevice(t.database.db, tenantId)];
    await pair([{ iccid: sim.iccid, imei: watch.imei }]);
    const deactivated = await call(admin, 'POST', `/api/simcards/${sim.id}/deactivate`);
    expect(deactivated.json()).toMatchObject({ status: 'deactivated', device: null });
    expect(await phoneOf(watch.id)).toBeNull();
    await t.database.db.update(devices).set({ phoneNumber: '+4522222222' }).where(eq(devices.id, watch.id));
    const template = await givenCommandTemplate(t.database.db, tenantId, {
      commandText: 'reset#',
      isTextMessage: true,
    });
    await call(admin, 'POST', `/api/devices/${watch.id}/commands`, { templateId: template.id });
    expect(await t.database.db.select().from(outbox).where(eq(outbox.recipient, '+4522222222'))).toHaveLength(
      1,
    );
    const again = await pair([{ iccid: sim.iccid, imei: watch.imei }]);
    expect(again.json().rows[0].errors).toEqual([{ field: 'iccid', message: 'simcards:simcardDeactivated' }]);
  });

  it('reports every row: unknown or foreign IMEI, unknown or bad ICCID, repeats, already paired', async () => {
    const [sim, watch, spare] = [await newSim(), await givenDevice(t.database.db, tenantId), await newSim()];
    const foreignWatch = await givenDevice(t.database.db, otherTenantId);
    await pair([{ iccid: sim.iccid, imei: watch.imei }]);
    const unknownIccid = randomIccid();
    const response = await pair([
      { iccid: sim.iccid, imei: watch.imei },
      { iccid: spare.iccid, imei: randomImei() },
      { iccid: spare.iccid, imei: foreignWatch.imei },
      { iccid: unknownIccid, imei: '123' },
      { iccid: '8945012345678901236', imei: watch.imei },
    ]);
    expect(response.json()).toMatchObject({ paired: 0, alreadyPaired: 1, failed: 4 });
    const rows = response.json().rows as { outcome: string; errors: unknown[] }[];
    expect(rows.map((row) => [row.outcome, row.errors])).toEqual([
      ['alreadyPaired', []],
      ['failed', [{ field: 'imei', message: 'simcards:deviceNotFound' }]],
      ['failed', [{ field: 'iccid', message: 'simcards:duplicateInFile' }]],
      ['failed', [{ field: 'imei', message: 'simcards:imeiInvalid' }]],
      [
        'failed',
        [
          { field: 'iccid', message: 'simcards:iccidInvalid' },
          { field: 'imei', message: 'simcards:duplicateInFile' },
        ],
      ],
    ]);
    const foreign = await pair([{ iccid: spare.iccid, imei: foreignWatch.imei }]);
    expect(foreign.json().rows[0].errors).toEqual([{ field: 'imei', message: 'simcards:deviceNotFound' }]);
    expect(await phoneOf(foreignWatch.id)).toBeNull();
  });

  it('moves a SIM to another watch and replaces a watch’s earlier SIM', async () => {
    const [first, second] = [await newSim(), await newSim()];
    const [watchA, watchB] = [
      await givenDevice(t.database.db, tenantId),
      await givenDevice(t.database.db, tenantId),
    ];
    await pair([
      { iccid: first.iccid, imei: watchA.imei },
      { iccid: second.iccid, imei: watchB.imei },
    ]);
    const response = await pair([{ iccid: first.iccid, imei: watchB.imei }]);
    expect(response.json()).toMatchObject({ paired: 1 });
    expect(await phoneOf(watchA.id)).toBeNull();
    expect(await phoneOf(watchB.id)).toBe(first.msisdn);
    const secondNow = await call(admin, 'GET', `/api/simcards/${second.id}`);
    expect(secondNow.json().device).toBeNull();

    const renumbered = randomMsisdn();
    await call(admin, 'PUT', `/api/simcards/${first.id}`, { iccid: first.iccid, msisdn: renumbered });
    expect(await phoneOf(watchB.id)).toBe(renumbered);
  });
});
