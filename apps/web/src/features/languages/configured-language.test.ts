import { describe, expect, it } from 'vitest';
import type { LanguageInfo } from '@homeward/contracts';
import { configuredLanguageToUse } from './configured-language';

const language = (
  cultureName: LanguageInfo['cultureName'],
  isEnabled: boolean,
  isDefault = false,
): LanguageInfo => ({
  cultureName,
  uiCultureName: cultureName,
  displayName: cultureName,
  isEnabled,
  isDefault,
});

const daDefault = [language('en', true), language('da', true, true), language('sv', false)];

describe('configuredLanguageToUse', () => {
  it('gives a new visitor the configured default', () => {
    expect(configuredLanguageToUse({ current: 'en', languages: daDefault, visitorChose: false })).toBe('da');
    expect(
      configuredLanguageToUse({ current: 'da', languages: daDefault, visitorChose: false }),
    ).toBeUndefined();
  });

  it('keeps a chosen enabled language, and leaves a disabled one for the default', () => {
    expect(
      configuredLanguageToUse({ current: 'en', languages: daDefault, visitorChose: true }),
    ).toBeUndefined();
    expect(configuredLanguageToUse({ current: 'sv', languages: daDefault, visitorChose: true })).toBe('da');
  });

  it('does nothing before the configuration lists languages', () => {
    expect(configuredLanguageToUse({ current: 'en', languages: [], visitorChose: false })).toBeUndefined();
  });
});
