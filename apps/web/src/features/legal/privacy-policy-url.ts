import type { PrivacyPolicyUrls } from '@homeward/contracts';

/** Spec §1: the privacy link depends on the language; any language without its own link gets `default`. */
export function privacyPolicyUrlFor(language: string, urls: PrivacyPolicyUrls): string {
  switch (language.split('-')[0]) {
    case 'en':
      return urls.en;
    case 'sv':
      return urls.sv;
    case 'da':
      return urls['da-DK'];
    case 'de':
      return urls['de-DE'];
    default:
      return urls.default;
  }
}
