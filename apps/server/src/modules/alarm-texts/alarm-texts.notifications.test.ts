import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { usePipelineTestApp } from '../telemetry/telemetry-test-support';
import { signedInCaller } from '../users/identity-test-callers';
import { alarmsOf, givenWatch, outboxTo, report } from '../alarms/alarms-test-support';

/**
 * An alarm raised through the real OsmAnd gateway and telemetry pipeline is worded with the
 * tenant's saved alarm text, filled in with the alarm's values.
 */
let t: TestApp;
let tenantId: string;
usePipelineTestApp((world) => ({ t, tenantId } = world));

describe('alarm messages', () => {
  it('use the tenant’s saved text of the kind, with the alarm’s values filled in', async () => {
    const { headers } = await signedInCaller(t, { tenantId, permissions: ['Homeward.AlarmTexts'] });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/alarm-texts/fall/en',
      headers,
      payload: {
        subject: 'Fall! {citizen} ({device})',
        body: '{citizen} fell at {time}, at {address}. See {link} {unknown-stays}',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const { device, receiver } = await givenWatch(t, tenantId, { citizen: true });
    expect((await report(t, device.imei, 30, { alarm: 'fall' })).statusCode).toBe(200);
    const [alarm] = await alarmsOf(t, device.id);

    const [email] = await outboxTo(t, receiver!.email);
    expect(email!.subject).toBe(`Fall! Inge Jensen (${device.name})`);
    expect(email!.body).toMatch(
      new RegExp(
        `^Inge Jensen fell at \\d{1,2}/\\d{1,2}/\\d{2}, \\d{1,2}:\\d{2}\\s[AP]M UTC, at 56\\.15000, 10\\.20000\\. ` +
          `See https?://[^ ]+/alarms\\?alarm=${alarm!.id} \\{unknown-stays\\}$`,
      ),
    );
    const [sms] = await outboxTo(t, receiver!.phone);
    expect(sms!.body).toBe(email!.body);
  });

  it('use the shipped text of a kind the tenant has not changed', async () => {
    const { device, receiver } = await givenWatch(t, tenantId, { citizen: true });
    await report(t, device.imei, 20, { alarm: 'sos' });
    const [email] = await outboxTo(t, receiver!.email);
    expect(email!.subject).toBe('SOS alarm: Inge Jensen');
    expect(email!.body).toContain(`SOS alarm: Inge Jensen pressed SOS on ${device.name} at `);
  });
});
