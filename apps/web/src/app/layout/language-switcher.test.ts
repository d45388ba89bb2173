import { describe, expect, it } from 'vitest';
import type { LanguageInfo } from '@homeward/contracts';
import { switcherOptions } from './language-switcher';

const language = (
  cultureName: LanguageInfo['cultureName'],
  displayName: string,
  isEnabled: boolean,
): LanguageInfo => ({
  cultureName,
  uiCultureName: cultureName,
  displayName,
  isEnabled,
  isDefault: cultureName === 'en',
});

describe('switcherOptions', () => {
  it('offers only the enabled languages of the configuration, by display name', () => {
    const languages = [
      language('en', 'English', true),
      language('da', 'Dansk', false),
      language('sv', 'Svenska', true),
    ];
    expect(switcherOptions(languages, () => 'unused')).toEqual([
      { cultureName: 'en', label: 'English' },
      { cultureName: 'sv', label: 'Svenska' },
    ]);
  });

  it('falls back to the shipped complete languages before the configuration lists any', () => {
    expect(switcherOptions([], (lng) => `name of ${lng}`)).toEqual([
      { cultureName: 'en', label: 'name of en' },
      { cultureName: 'da', label: 'name of da' },
    ]);
  });
});
