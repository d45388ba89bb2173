import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CITIZEN_MESSAGE_KEYS } from './citizens';
import { PUSH_MESSAGE_KEYS, zCreatePushSubscriptionRequest } from './push';

/** What a browser's `PushSubscription.toJSON()` looks like: a 65-byte key and a 16-byte secret. */
const P256DH = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const AUTH = 'tBHItJI5svbpez7KI4CCXg';

describe('zCreatePushSubscriptionRequest', () => {
  it('accepts a browser’s subscription', () => {
    const parsed = zCreatePushSubscriptionRequest.parse({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: P256DH, auth: AUTH },
    });
    expect(parsed.keys).toEqual({ p256dh: P256DH, auth: AUTH });
  });

  it('refuses keys of the wrong size or alphabet, naming each', () => {
    const result = zCreatePushSubscriptionRequest.safeParse({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: P256DH.slice(0, -1), auth: `${AUTH.slice(0, -1)}+` },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['keys.p256dh', PUSH_MESSAGE_KEYS.invalidP256dh],
      ['keys.auth', PUSH_MESSAGE_KEYS.invalidAuth],
    ]);
  });
});

describe('the rules’ messages', () => {
  const keys = [
    ...Object.values(PUSH_MESSAGE_KEYS),
    CITIZEN_MESSAGE_KEYS.duplicateChannel,
    CITIZEN_MESSAGE_KEYS.pushNeedsUser,
    CITIZEN_MESSAGE_KEYS.smsNeedsPhone,
    CITIZEN_MESSAGE_KEYS.emailNeedsAddress,
  ];
  it.each(['en', 'da', 'sv', 'de'])('are translated in %s', (language) => {
    for (const key of keys) {
      const [namespace, name] = key.split(':') as [string, string];
      const file = new URL(`../../i18n/locales/${language}/${namespace}.json`, import.meta.url);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(texts[name], key).toEqual(expect.any(String));
    }
  });
});
