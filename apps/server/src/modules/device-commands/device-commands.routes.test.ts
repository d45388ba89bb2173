import { DEVICE_COMMAND_MESSAGE_KEYS, COMMAND_TEMPLATE_MESSAGE_KEYS } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/outbox/outbox.schema';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { devices } from '../devices/devices.schema';
import { givenDevice, givenProduct, openPipelineTestApp } from '../telemetry/telemetry-test-support';
import { commandRow, givenCommandTemplate } from './device-commands-test-support';

let t: TestApp;
let close: () => Promise<void>;
let tenantId: string;
let admin: TestTokens;
let viewer: TestTokens;
let otherTenantAdmin: TestTokens;

const FULL = ['Homeward.Devices', 'Homeward.Devices.SendCommand', 'Homeward.Devices.RequestPosition'];

beforeAll(async () => {
  ({ t, tenantId, close } = await openPipelineTestApp([]));
  const g = given(t.database.db);
  const other = await g.tenant();
  const [adminA, viewerA, adminB] = await Promise.all([
    g.user({ tenantId, permissions: FULL }),
    g.user({ tenantId, permissions: ['Homeward.Devices'] }),
    g.user({ tenantId: other.id, permissions: FULL }),
  ]);
  [admin, viewer, otherTenantAdmin] = await Promise.all([
    signIn(t, adminA),
    signIn(t, viewerA),
    signIn(t, adminB),
  ]);
});
afterAll(async () => {
  await close();
});

const call = (tokens: TestTokens, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

describe('device terminal API', () => {
  it('shows the device info with its product and SIM number', async () => {
    const product = await givenProduct(t.database.db, tenantId, 600);
    const device = await givenDevice(t.database.db, tenantId, { productId: product.id });
    await t.database.db
      .update(devices)
      .set({ phoneNumber: '+4512345678', battery: 80 })
      .where(eq(devices.id, device.id));
    const response = await call(viewer, 'GET', `/api/devices/${device.id}/terminal`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: device.id,
      imei: device.imei,
      productName: product.name,
      phoneNumber: '+4512345678',
      batteryLevel: 80,
      protocol: null,
      connected: null,
    });
  });

  it('queues a command rendered from a template and lists it newest first with the template name', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const template = await givenCommandTemplate(t.database.db, tenantId, {
      commandText: 'UPLOAD,%{seconds}',
      variables: [{ name: 'seconds', inputType: 'number', example: '600' }],
    });
    const sent = await call(admin, 'POST', `/api/devices/${device.id}/commands`, {
      templateId: template.id,
      values: { seconds: ' 300 ' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      command: 'UPLOAD,300',
      status: 'queued',
      templateName: template.name,
    });
    const position = await call(admin, 'POST', `/api/devices/${device.id}/request-position`);
    expect(position.json()).toMatchObject({ command: 'CR', status: 'queued', templateId: null });
    const history = await call(admin, 'POST', `/api/devices/${device.id}/request-history`);
    expect(history.json()).toMatchObject({ command: 'UPLOAD,60', status: 'queued' });

    const list = await call(viewer, 'GET', `/api/devices/${device.id}/commands?maxResultCount=2`);
    expect(list.statusCode).toBe(200);
    expect(list.json().totalCount).toBe(3);
    expect(list.json().items.map((item: { command: string }) => item.command)).toEqual(['UPLOAD,60', 'CR']);
  });

  it('answers field errors for missing and invalid values, and an unknown template', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const template = await givenCommandTemplate(t.database.db, tenantId, {
      commandText: 'SOS,%{phone},%{seconds}',
      variables: [
        { name: 'phone', inputType: 'phone', example: '+4512345678' },
        { name: 'seconds', inputType: 'number', example: '60' },
      ],
    });
    const response = await call(admin, 'POST', `/api/devices/${device.id}/commands`, {
      templateId: template.id,
      values: { seconds: 'soon' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual([
      { field: 'values.phone', message: COMMAND_TEMPLATE_MESSAGE_KEYS.variableValueRequired },
      { field: 'values.seconds', message: COMMAND_TEMPLATE_MESSAGE_KEYS.variableValueInvalid },
    ]);
    const otherTenantTemplate = await givenCommandTemplate(t.database.db, null, { commandText: 'CR' });
    const unknown = await call(admin, 'POST', `/api/devices/${device.id}/commands`, {
      templateId: otherTenantTemplate.id,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.validationErrors).toEqual([
      { field: 'templateId', message: DEVICE_COMMAND_MESSAGE_KEYS.templateNotFound },
    ]);
    const bracketed = await givenCommandTemplate(t.database.db, tenantId, { commandText: 'TEXT,[hi]' });
    const unsendable = await call(admin, 'POST', `/api/devices/${device.id}/commands`, {
      templateId: bracketed.id,
    });
    expect(unsendable.json().error.validationErrors).toEqual([
      { field: 'templateId', message: DEVICE_COMMAND_MESSAGE_KEYS.commandNotSendable },
    ]);
    const list = await call(admin, 'GET', `/api/devices/${device.id}/commands`);
    expect(list.json().totalCount).toBe(0);
  });

  it('sends a text-message template by SMS to the SIM, and refuses without a phone number', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const template = await givenCommandTemplate(t.database.db, tenantId, {
      commandText: 'pw,123456,ts#',
      isTextMessage: true,
    });
    const refused = await call(admin, 'POST', `/api/devices/${device.id}/commands`, {
      templateId: template.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'templateId', message: DEVICE_COMMAND_MESSAGE_KEYS.noPhoneNumber },
    ]);
    await t.database.db.update(devices).set({ phoneNumber: '+4587654321' }).where(eq(devices.id, device.id));
    const sent = await call(admin, 'POST', `/api/devices/${device.id}/commands`, { templateId: template.id });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'sent', channel: 'sms' });
    const sms = await t.database.db.select().from(outbox).where(eq(outbox.recipient, '+4587654321'));
    expect(sms).toMatchObject([{ channel: 'sms', body: 'pw,123456,ts#' }]);
  });

  it('hands a queued command to an OsmAnd device in the response body and marks it sent', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const queued = await call(admin, 'POST', `/api/devices/${device.id}/request-position`);
    const timestamp = Math.floor(Date.now() / 1000) - 30;
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/gateway/osmand?id=${device.imei}&timestamp=${timestamp}&lat=56.15&lon=10.2`,
    });
    expect(report.statusCode).toBe(200);
    expect(report.body).toBe('CR');
    expect(await commandRow(t.database.db, queued.json().id)).toMatchObject({
      status: 'sent',
      channel: 'osmand',
    });
    const terminal = await call(viewer, 'GET', `/api/devices/${device.id}/terminal`);
    expect(terminal.json().protocol).toBe('osmand');
  });

  it('needs the permissions to send, and hides the device from another tenant', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    expect((await call(viewer, 'POST', `/api/devices/${device.id}/request-position`)).statusCode).toBe(403);
    for (const url of ['terminal', 'commands']) {
      expect((await call(otherTenantAdmin, 'GET', `/api/devices/${device.id}/${url}`)).statusCode).toBe(404);
    }
    const template = await givenCommandTemplate(t.database.db, tenantId, { commandText: 'CR' });
    for (const [url, payload] of [
      ['commands', { templateId: template.id }],
      ['request-position', undefined],
      ['request-history', undefined],
    ] as const) {
      const response = await call(otherTenantAdmin, 'POST', `/api/devices/${device.id}/${url}`, payload);
      expect(response.statusCode).toBe(404);
    }
    expect((await call(admin, 'GET', `/api/devices/${device.id}/commands`)).json().totalCount).toBe(0);
  });
});
