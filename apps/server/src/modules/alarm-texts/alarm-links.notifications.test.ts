import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { alarmsOf, givenWatch, outboxTo, report } from '../alarms/alarms-test-support';
import { registeredHousehold } from '../registration/registration-test-helpers';
import { signedInCaller } from '../users/identity-test-callers';

/**
 * The `{link}` of an alarm message opens the client the receivers use: the plug-and-play client for
 * a household's alarm, the branded one (PUBLIC_URL) for an organization's. Alarms come through the
 * real OsmAnd route and telemetry pipeline, with no browser request to take an origin from.
 */

const PUBLIC_URL = 'https://care.homeward.example';
const PLUG_AND_PLAY = 'https://family.homeward.example';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    publicUrl: PUBLIC_URL,
    signInClients: [
      { kind: 'branded', clientId: 'branded', origins: [PUBLIC_URL] },
      { kind: 'plug-and-play', clientId: 'plug-and-play', origins: [PLUG_AND_PLAY, 'https://pnp.example'] },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

/** The SOS alarm's e-mail and SMS to the citizen's first receiver, and the alarm's id. */
async function sosMessagesOf(tenantId: string) {
  const { device, receiver } = await givenWatch(t, tenantId, { citizen: true });
  expect((await report(t, device.imei, 30, { alarm: 'sos' })).statusCode).toBe(200);
  const [alarm] = await alarmsOf(t, device.id);
  const [email] = await outboxTo(t, receiver!.email);
  const [sms] = await outboxTo(t, receiver!.phone);
  return { alarmId: alarm!.id, email: email!.body, sms: sms!.body };
}

describe('alarm message links', () => {
  it('open the plug-and-play client’s first origin for a household’s alarm, by e-mail and SMS', async () => {
    const household = await registeredHousehold(t);
    const { alarmId, email, sms } = await sosMessagesOf(household.householdId);
    const link = `${PLUG_AND_PLAY}/alarms?alarm=${alarmId}`;
    expect(email).toContain(link);
    expect(sms).toContain(link);
    expect(email).not.toContain(PUBLIC_URL);
  });

  it('open PUBLIC_URL (the branded client) for an organization’s alarm', async () => {
    const tenantId = (await given(t.database.db).tenant()).id;
    const { alarmId, email, sms } = await sosMessagesOf(tenantId);
    expect(email).toContain(`${PUBLIC_URL}/alarms?alarm=${alarmId}`);
    expect(sms).toContain(`${PUBLIC_URL}/alarms?alarm=${alarmId}`);
    expect(email).not.toContain(PLUG_AND_PLAY);
  });

  it('show the same link in the preview of the alarm texts screen', async () => {
    const tenantId = (await given(t.database.db).tenant()).id;
    const { headers } = await signedInCaller(t, { tenantId, permissions: ['Homeward.AlarmTexts'] });
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/alarm-texts/preview',
      headers,
      payload: { language: 'en', subject: 'Alarm', body: 'See {link}' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().body).toMatch(new RegExp(`^See ${PUBLIC_URL}/alarms\\?alarm=`));
  });
});
