import { describe, expect, it } from 'vitest';
import { shippedLanguageOf } from './alarm-text-defaults';
import { alarmLink, formatAlarmAddress, formatAlarmTime } from './alarm-message';

const AT = new Date('2026-03-05T07:09:00Z');

describe('alarm message values', () => {
  it('writes the time in the language’s style, in UTC and saying so without a time zone', () => {
    expect(formatAlarmTime(AT, 'en')).toBe('3/5/26, 7:09 AM UTC');
    expect(formatAlarmTime(AT, 'da')).toMatch(/^05\.03\.2026,? 07[.:]09 UTC$/);
    expect(formatAlarmTime(AT, 'de')).toMatch(/^05\.03\.26,? 07:09 UTC$/);
    expect(formatAlarmTime(AT, 'da', 'Europe/Copenhagen')).toMatch(/^05\.03\.2026,? 08[.:]09$/);
    // A culture name Intl cannot read falls back to English rather than failing the alarm.
    expect(formatAlarmTime(AT, 'not_a-culture!')).toBe('3/5/26, 7:09 AM UTC');
  });

  it('gives the address when known, else the coordinates', () => {
    expect(formatAlarmAddress({ address: 'Vestergade 1', latitude: 56, longitude: 10 })).toBe('Vestergade 1');
    expect(formatAlarmAddress({ latitude: 56.15, longitude: 10.2 })).toBe('56.15000, 10.20000');
    expect(formatAlarmAddress({ latitude: null, longitude: null })).toBe('–');
  });

  it('links to the alarm on the alarms screen', () => {
    expect(alarmLink('https://homeward.example/', 'abc')).toBe('https://homeward.example/alarms?alarm=abc');
  });

  it('uses the base language’s shipped texts, else English', () => {
    expect(shippedLanguageOf('da-DK')).toBe('da');
    expect(shippedLanguageOf('SV')).toBe('sv');
    expect(shippedLanguageOf('fr')).toBe('en');
  });
});
