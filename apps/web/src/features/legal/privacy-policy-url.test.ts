import { describe, expect, it } from 'vitest';
import { privacyPolicyUrlFor } from './privacy-policy-url';

const urls = {
  en: 'https://example.com/en',
  sv: 'https://example.com/sv',
  'da-DK': 'https://example.com/da-dk',
  'de-DE': 'https://example.com/de-de',
  default: 'https://example.com/default',
};

describe('privacy policy link', () => {
  it('picks the link for the language', () => {
    expect(privacyPolicyUrlFor('en', urls)).toBe(urls.en);
    expect(privacyPolicyUrlFor('sv', urls)).toBe(urls.sv);
    expect(privacyPolicyUrlFor('da', urls)).toBe(urls['da-DK']);
    expect(privacyPolicyUrlFor('de-AT', urls)).toBe(urls['de-DE']);
  });

  it('falls back to the default link', () => {
    expect(privacyPolicyUrlFor('nb', urls)).toBe(urls.default);
  });
});
