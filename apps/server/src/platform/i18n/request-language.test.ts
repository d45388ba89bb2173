import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './request-language';

describe('preferredLanguage', () => {
  it('defaults to English without a usable header', () => {
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage('')).toBe('en');
    expect(preferredLanguage('fr-FR, ja')).toBe('en');
  });

  it('takes the highest weight and matches by primary subtag', () => {
    expect(preferredLanguage('da-DK')).toBe('da');
    expect(preferredLanguage('en;q=0.5, da;q=0.9')).toBe('da');
    expect(preferredLanguage('fr, da;q=0.2, en;q=0.1')).toBe('da');
  });

  it('ignores languages that are not enabled and entries with q=0', () => {
    expect(preferredLanguage('sv, en;q=0.5')).toBe('en');
    expect(preferredLanguage('da;q=0, en;q=0.1')).toBe('en');
  });
});
