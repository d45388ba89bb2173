import { findSettingDefinition, SETTING_DEFINITIONS } from '@homeward/contracts';
import { describe, expect, it } from 'vitest';
import { checkSettingValue } from './setting-values';

const definition = (name: string) => findSettingDefinition(name)!;

describe('checkSettingValue', () => {
  it('accepts every default of the catalogue', () => {
    for (const setting of SETTING_DEFINITIONS) {
      expect(checkSettingValue(setting, setting.defaultValue)).toEqual({
        ok: true,
        text: setting.defaultValue,
      });
    }
  });

  it('stores numbers and booleans as text, from JSON values or text', () => {
    expect(checkSettingValue(definition('Smtp.Port'), ' 2525 ')).toEqual({ ok: true, text: '2525' });
    expect(checkSettingValue(definition('Captcha.Score'), 0.7)).toEqual({ ok: true, text: '0.7' });
    expect(checkSettingValue(definition('Smtp.EnableSsl'), true)).toEqual({ ok: true, text: 'true' });
    expect(checkSettingValue(definition('Smtp.EnableSsl'), 'false')).toEqual({ ok: true, text: 'false' });
  });

  it('refuses wrong types, fractions of whole numbers, and malformed URLs, e-mails and hosts', () => {
    const messageOf = (name: string, value: string | number | boolean) => {
      const checked = checkSettingValue(definition(name), value);
      return checked.ok ? undefined : checked.error.message;
    };
    expect(messageOf('Smtp.Port', 25.5)).toBe('validation.mustBeNumber');
    expect(messageOf('Smtp.Port', '')).toBe('validation.required');
    expect(messageOf('Smtp.EnableSsl', 1)).toBe('settings:mustBeBoolean');
    expect(messageOf('Account.TermsUrl', 'javascript:alert(1)')).toBe('settings:mustBeUrl');
    expect(messageOf('Account.TermsUrl', 'https://homeward.example/terms')).toBeUndefined();
    expect(messageOf('Smtp.From', 'care@')).toBe('validation.email');
    expect(messageOf('Smtp.Host', 'smtp://mail.example.dk')).toBe('validation.invalid');
    expect(messageOf('Smtp.Host', 'mail.example.dk')).toBeUndefined();
    expect(messageOf('TwoFactor.Behaviour', 'forced')).toBeUndefined();
    expect(messageOf('TwoFactor.Behaviour', 'FORCED')).toBe('settings:notAnOption');
  });
});
