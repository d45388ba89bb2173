import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PLUG_AND_PLAY_ROLES } from '@homeward/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { INTEGRATION_LOG_FOLDER } from '../../test/test-log-capture';
import { selectRows } from '../../platform/db/database';
import { tenants } from '../tenants/tenants.schema';
import { devices } from '../devices/devices.schema';
import { alarms } from '../alarms/alarms.schema';
import { stockWatchIn } from '../devices/device-stock-test-support';
import { citizens } from '../citizens/citizens.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';

/**
 * Connecting a watch (issue 17): staff register watches in a seller tenant's stock, each with an
 * activation code; a household owner connects one with IMEI and code, renames it, disconnects it.
 */

let t: TestApp;
let seller: TestTokens;
let sellerViewer: TestTokens;
let otherSeller: TestTokens;
let ownerA: TestTokens;
let ownerB: TestTokens;
let memberA: TestTokens;
let householdA: string;
let sellerTenant: string;
let sellerOrganization: string;

const OWNER_PERMISSIONS = [
  'Homeward.Devices',
  'Homeward.Devices.Create',
  'Homeward.Devices.Edit',
  'Homeward.Devices.Delete',
  'Homeward.Citizens',
];
const STAFF_PERMISSIONS = [
  'Homeward.Devices',
  'Homeward.Devices.Create',
  'Homeward.Devices.Edit',
  'Homeward.Devices.Delete',
  'Homeward.Devices.BatchCreate',
  'Homeward.Devices.ActivationCodes',
];

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const household = async () => {
    const tenant = await g.tenant();
    await t.database.db.update(tenants).set({ kind: 'household' }).where(eq(tenants.id, tenant.id));
    return tenant.id;
  };
  const [sellerTenantRow, otherSellerTenant] = [await g.tenant(), await g.tenant()];
  sellerTenant = sellerTenantRow.id;
  sellerOrganization = (await g.organization(sellerTenant)).id;
  householdA = await household();
  const householdB = await household();
  const staff = await g.user({
    tenantId: sellerTenant,
    roles: [await g.role({ tenantId: sellerTenant, permissions: STAFF_PERMISSIONS })],
  });
  const viewer = await g.user({
    tenantId: sellerTenant,
    roles: [
      await g.role({ tenantId: sellerTenant, permissions: ['Homeward.Devices', 'Homeward.Devices.Edit'] }),
    ],
  });
  const otherStaff = await g.user({
    tenantId: otherSellerTenant.id,
    roles: [await g.role({ tenantId: otherSellerTenant.id, permissions: STAFF_PERMISSIONS })],
  });
  const owner = async (tenantId: string) =>
    g.user({
      tenantId,
      roles: [await g.role({ tenantId, name: PLUG_AND_PLAY_ROLES[0], permissions: OWNER_PERMISSIONS })],
    });
  const member = await g.user({
    tenantId: householdA,
    roles: [
      await g.role({ tenantId: householdA, name: PLUG_AND_PLAY_ROLES[1], permissions: ['Homeward.Devices'] }),
    ],
  });
  [seller, sellerViewer, otherSeller, ownerA, ownerB, memberA] = await Promise.all([
    signIn(t, staff),
    signIn(t, viewer),
    signIn(t, otherStaff),
    signIn(t, await owner(householdA)),
    signIn(t, await owner(householdB)),
    signIn(t, member),
  ]);
});
afterAll(async () => {
  await t.close();
});

/** A watch registered in the seller's stock, and its box code as staff read it back. */
const stockWatch = () => stockWatchIn(t, seller, sellerOrganization);

/** A wrong code of the right shape (never equal to `code`). */
const wrongCodeFor = (code: string) => (code.startsWith('AAAAA') ? 'BBBBB-BBBBB' : 'AAAAA-AAAAA');

const connect = (tokens: TestTokens, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/device-connection', headers: bearer(tokens), payload });
const listOf = async (tokens: TestTokens) => {
  const response = await t.app.inject({ url: '/api/device-connection', headers: bearer(tokens) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { id: string; name: string }[] }>().items;
};
const sellerSees = async (id: string) =>
  (await t.app.inject({ url: `/api/devices/${id}`, headers: bearer(seller) })).statusCode === 200;
const fieldErrors = (body: string) =>
  (JSON.parse(body) as { error: { validationErrors?: { field: string; message: string }[] } }).error
    .validationErrors ?? [];

describe('activation codes', () => {
  it('gives every registered watch a code of two groups of five unambiguous symbols, stored encrypted', async () => {
    const watch = await stockWatch();
    expect(watch.code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, watch.id));
    expect(row!.activationCodeEncrypted).toBeTruthy();
    expect(row!.activationCodeEncrypted).not.toContain(watch.code.replace('-', ''));
    expect(row!.activationCodeHash).toMatch(/^[0-9a-f]{64}$/);
    // Reading it again shows the same code.
    const again = await t.app.inject({
      url: `/api/devices/${watch.id}/activation-code`,
      headers: bearer(seller),
    });
    expect(again.json<{ activationCode: string }>().activationCode).toBe(watch.code);
  });

  it('gives a code at first need to a watch registered before codes existed', async () => {
    const watch = await stockWatch();
    await t.database.db
      .update(devices)
      .set({ activationCodeEncrypted: null, activationCodeHash: null })
      .where(eq(devices.id, watch.id));
    const read = await t.app.inject({
      url: `/api/devices/${watch.id}/activation-code`,
      headers: bearer(seller),
    });
    const code = read.json<{ activationCode: string }>().activationCode;
    expect(code).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    expect(code).not.toBe(watch.code);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, watch.id));
    expect(row!.activationCodeHash).toBeTruthy();
  });

  it('gives codes to watches of a CSV upload too', async () => {
    const imei = randomImei();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/devices/batch',
      headers: bearer(seller),
      payload: { csv: `name,imei,organization\nBatch watch,${imei},${sellerOrganization}\n` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json<{ rows: { deviceId: string }[] }>().rows[0]!.deviceId;
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, id));
    expect(row!.activationCodeHash).toMatch(/^[0-9a-f]{64}$/);
    const read = await t.app.inject({ url: `/api/devices/${id}/activation-code`, headers: bearer(seller) });
    expect(read.json<{ activationCode: string }>().activationCode).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
  });

  it('is readable and exportable only with Homeward.Devices.ActivationCodes, and only in its tenant', async () => {
    const watch = await stockWatch();
    expect(
      (await t.app.inject({ url: `/api/devices/${watch.id}/activation-code`, headers: bearer(sellerViewer) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/devices/${watch.id}/activation-code`, headers: bearer(otherSeller) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/devices/activation-codes/export`, headers: bearer(sellerViewer) }))
        .statusCode,
    ).toBe(403);
    // An owner holds Devices.Edit but not the code permission: no household reads or renews codes.
    expect(
      (await t.app.inject({ url: `/api/devices/activation-codes/export`, headers: bearer(ownerA) }))
        .statusCode,
    ).toBe(403);

    const exported = await t.app.inject({
      url: `/api/devices/activation-codes/export?filter=${watch.imei}`,
      headers: bearer(seller),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(1)).toEqual([watch.imei, '', `Stock ${watch.imei.slice(-4)}`, watch.code]);

    // The other seller's export holds nothing of this tenant.
    const foreign = await t.app.inject({
      url: `/api/devices/activation-codes/export?filter=${watch.imei}`,
      headers: bearer(otherSeller),
    });
    const foreignBook = new ExcelJS.Workbook();
    await foreignBook.xlsx.load(foreign.rawPayload as unknown as ArrayBuffer);
    expect(foreignBook.worksheets[0]!.getSheetValues().filter(Boolean)).toHaveLength(1);
  });
});

describe('connecting a watch', () => {
  it('moves the watch into the household with its name; the seller no longer sees it', async () => {
    const watch = await stockWatch();
    const model = await t.app.inject({
      method: 'POST',
      url: '/api/device-connection/model',
      headers: bearer(ownerA),
      payload: { imei: watch.imei, activationCode: watch.code.toLowerCase() },
    });
    expect(model.statusCode, model.body).toBe(200);
    expect(model.json()).toEqual({ imei: watch.imei, productName: null });

    const connected = await connect(ownerA, {
      imei: watch.imei,
      activationCode: watch.code,
      name: 'Dad’s watch',
    });
    expect(connected.statusCode, connected.body).toBe(201);
    expect(connected.json()).toMatchObject({ id: watch.id, name: 'Dad’s watch', imei: watch.imei });

    expect((await listOf(ownerA)).map((device) => device.id)).toContain(watch.id);
    expect((await listOf(memberA)).map((device) => device.id)).toContain(watch.id);
    expect((await listOf(ownerB)).map((device) => device.id)).not.toContain(watch.id);
    expect(await sellerSees(watch.id)).toBe(false);
    const household = await t.app.inject({ url: `/api/devices/${watch.id}`, headers: bearer(ownerA) });
    // In the household's one organization unit, which its people follow (migration 0050).
    const [unit] = await t.database.db
      .select({ id: organizationUnits.id })
      .from(organizationUnits)
      .where(eq(organizationUnits.tenantId, householdA));
    expect(household.json()).toMatchObject({ tenantId: householdA, organizationId: unit!.id });

    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, watch.id));
    expect(row).toMatchObject({
      tenantId: householdA,
      sellerTenantId: sellerTenant,
      sellerOrganizationId: sellerOrganization,
      physicalLocation: 4,
    });
  });

  it('refuses a wrong code on the code field, then accepts the right one', async () => {
    const watch = await stockWatch();
    const wrong = await connect(ownerA, {
      imei: watch.imei,
      activationCode: wrongCodeFor(watch.code),
      name: 'W',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrors(wrong.body)).toEqual([
      { field: 'activationCode', message: 'devices:activationCodeWrong' },
    ]);
    expect(await sellerSees(watch.id)).toBe(true);
    const right = await connect(ownerA, { imei: watch.imei, activationCode: watch.code, name: 'W' });
    expect(right.statusCode, right.body).toBe(201);
  });

  it('answers an unknown IMEI exactly like a wrong code', async () => {
    const watch = await stockWatch();
    const wrong = await connect(ownerA, {
      imei: watch.imei,
      activationCode: wrongCodeFor(watch.code),
      name: 'X',
    });
    const unknown = await connect(ownerA, { imei: randomImei(), activationCode: watch.code, name: 'X' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
  });

  it('throttles an IMEI after five wrong codes, even for the right code, until the window passes', async () => {
    const watch = await stockWatch();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await connect(ownerA, {
        imei: watch.imei,
        activationCode: wrongCodeFor(watch.code),
        name: 'Throttled',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await connect(ownerA, {
      imei: watch.imei,
      activationCode: watch.code,
      name: 'Throttled',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('devices:connectionThrottled');
    // Another household is throttled for this IMEI too (the count is per IMEI), and the model check.
    expect(
      (await connect(ownerB, { imei: watch.imei, activationCode: watch.code, name: 'B' })).statusCode,
    ).toBe(429);
    expect(await sellerSees(watch.id)).toBe(true);

    // The window passes (the function is given the request's time; move the block into the past).
    await t.database.db.execute(
      sql`update device_activation_attempts set blocked_until = now() - interval '1 second',
            window_started_at = now() - interval '16 minutes' where imei = ${watch.imei}`,
    );
    const after = await connect(ownerA, { imei: watch.imei, activationCode: watch.code, name: 'Throttled' });
    expect(after.statusCode, after.body).toBe(201);
    const [left] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from device_activation_attempts where imei = ${watch.imei}`,
    );
    expect(left!.n).toBe(0);
  });

  it('throttles an unknown IMEI the same way, so the throttle tells nothing either', async () => {
    const imei = randomImei();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await connect(ownerA, { imei, activationCode: 'AAAAA-AAAAA', name: 'U' })).statusCode).toBe(
        400,
      );
    }
    expect((await connect(ownerA, { imei, activationCode: 'AAAAA-AAAAA', name: 'U' })).statusCode).toBe(429);
  });

  it('refuses a watch connected to another household without naming it', async () => {
    const watch = await stockWatch();
    expect(
      (await connect(ownerA, { imei: watch.imei, activationCode: watch.code, name: 'A' })).statusCode,
    ).toBe(201);
    const refused = await connect(ownerB, { imei: watch.imei, activationCode: watch.code, name: 'B' });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused.body)).toEqual([{ field: 'imei', message: 'devices:connectedElsewhere' }]);
    expect(refused.body).not.toContain(householdA);
    expect((await listOf(ownerA)).find((device) => device.id === watch.id)?.name).toBe('A');
  });

  it('refuses an organization tenant (staff), whatever its permissions', async () => {
    const watch = await stockWatch();
    const refused = await connect(seller, { imei: watch.imei, activationCode: watch.code, name: 'Staff' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('devices:householdsOnly');
    const model = await t.app.inject({
      method: 'POST',
      url: '/api/device-connection/model',
      headers: bearer(otherSeller),
      payload: { imei: watch.imei, activationCode: watch.code },
    });
    expect(model.statusCode).toBe(403);
  });

  it('refuses a member without Homeward.Devices.Create', async () => {
    const watch = await stockWatch();
    expect(
      (await connect(memberA, { imei: watch.imei, activationCode: watch.code, name: 'M' })).statusCode,
    ).toBe(403);
  });

  it('refuses bad input with field errors, never a 5xx', async () => {
    const cases: [object, string][] = [
      [{ imei: '12345', activationCode: 'AAAAA-AAAAA', name: 'x' }, 'imei'],
      [{ imei: randomImei(), activationCode: 'ABC', name: 'x' }, 'activationCode'],
      [{ imei: randomImei(), activationCode: 'OOOOO-IIIII', name: 'x' }, 'activationCode'],
      [{ imei: randomImei(), activationCode: 'A'.repeat(100_000), name: 'x' }, 'activationCode'],
      [{ imei: randomImei(), activationCode: 'AAAAA-AAAAA', name: 'x'.repeat(10_000) }, 'name'],
      [{ imei: randomImei(), activationCode: 'AAAAA-AAAAA', name: '' }, 'name'],
      [{ imei: randomImei(), activationCode: 12345, name: 'x' }, 'activationCode'],
    ];
    for (const [payload, field] of cases) {
      const response = await connect(ownerA, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(fieldErrors(response.body).map((error) => error.field)).toContain(field);
    }
    const nul = await connect(ownerA, { imei: randomImei(), activationCode: 'AAAAA\u0000AAAAA', name: 'x' });
    expect(nul.statusCode).toBe(400);
  });
});

describe('renaming and disconnecting', () => {
  it('lets the owner rename a watch of the household, and no other household', async () => {
    const watch = await stockWatch();
    await connect(ownerA, { imei: watch.imei, activationCode: watch.code, name: 'Before' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/device-connection/${watch.id}`,
      headers: bearer(ownerA),
      payload: { name: 'After' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('After');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/device-connection/${watch.id}`,
      headers: bearer(ownerB),
      payload: { name: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/device-connection/${watch.id}`,
          headers: bearer(ownerB),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('returns the watch to the seller as awaiting return: link ended, alarms closed, code kept until renewed', async () => {
    const watch = await stockWatch();
    await connect(ownerA, { imei: watch.imei, activationCode: watch.code, name: 'Mum’s watch' });
    const [citizen] = await t.database.db
      .insert(citizens)
      .values({
        tenantId: householdA,
        organizationId: (await given(t.database.db).organization(householdA)).id,
        name: 'Mum',
        surname: 'Hansen',
        cprEncrypted: 'not-read-here',
        cprHash: `test-${watch.imei}`,
      })
      .returning({ id: citizens.id });
    await t.database.db.update(devices).set({ citizenId: citizen!.id }).where(eq(devices.id, watch.id));
    const now = new Date();
    await t.database.db.insert(alarms).values({
      tenantId: householdA,
      deviceId: watch.id,
      citizenId: citizen!.id,
      kind: 'sos',
      firstAt: now,
      lastAt: now,
    });

    const disconnected = await t.app.inject({
      method: 'DELETE',
      url: `/api/device-connection/${watch.id}`,
      headers: bearer(ownerA),
    });
    expect(disconnected.statusCode, disconnected.body).toBe(204);
    expect((await listOf(ownerA)).map((device) => device.id)).not.toContain(watch.id);
    expect(await sellerSees(watch.id)).toBe(true);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, watch.id));
    expect(row).toMatchObject({
      tenantId: sellerTenant,
      organizationId: sellerOrganization,
      name: `Stock ${watch.imei.slice(-4)}`,
      citizenId: null,
      sellerTenantId: null,
      physicalLocation: 5,
      latitude: null,
    });
    const [alarm] = await t.database.db.select().from(alarms).where(eq(alarms.deviceId, watch.id));
    expect(alarm).toMatchObject({ tenantId: householdA, state: 'cleared' });

    // Awaiting return: the previous owner knows the code, so it does not connect until the seller
    // renews the code, which puts the watch back in stock.
    const early = await connect(ownerA, { imei: watch.imei, activationCode: watch.code, name: 'Again' });
    expect(fieldErrors(early.body)).toEqual([{ field: 'imei', message: 'devices:awaitingReturn' }]);
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${watch.id}/activation-code`,
      headers: bearer(seller),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newCode = renewed.json<{ activationCode: string }>().activationCode;
    expect(newCode).not.toBe(watch.code);
    expect(
      (await connect(ownerB, { imei: watch.imei, activationCode: watch.code, name: 'Old' })).statusCode,
    ).toBe(400);
    expect(
      (await connect(ownerB, { imei: watch.imei, activationCode: newCode, name: 'New' })).statusCode,
    ).toBe(201);
  });
});

describe('the log', () => {
  it('never holds an activation code of a connect call, right or wrong', async () => {
    const watch = await stockWatch();
    const wrong = wrongCodeFor(watch.code);
    await connect(ownerA, { imei: watch.imei, activationCode: wrong, name: 'Logged?' });
    await connect(ownerA, { imei: watch.imei, activationCode: watch.code, name: 'Logged?' });
    await new Promise<void>((resolve) => (t.app.log as Logger).flush(() => resolve()));
    const logs = readdirSync(INTEGRATION_LOG_FOLDER)
      .filter((file) => file.startsWith(`device-connection.routes.${process.pid}.`))
      .map((file) => readFileSync(path.join(INTEGRATION_LOG_FOLDER, file), 'utf8'))
      .join('\n');
    expect(logs).toContain('/api/device-connection');
    for (const code of [watch.code, wrong]) {
      expect(logs).not.toContain(code);
      expect(logs).not.toContain(code.replace('-', ''));
    }
  });
});
