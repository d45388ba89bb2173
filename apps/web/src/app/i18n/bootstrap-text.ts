import type { Language } from '@homeward/contracts';
import bootstrapEn from '@homeward/i18n/locales/en/bootstrap.json';
import bootstrapDa from '@homeward/i18n/locales/da/bootstrap.json';
import bootstrapSv from '@homeward/i18n/locales/sv/bootstrap.json';
import bootstrapDe from '@homeward/i18n/locales/de/bootstrap.json';

/**
 * The `bootstrap` namespace is bundled, not fetched: the loading and load-error screens must be
 * readable exactly when the server cannot deliver translations.
 */
export const BOOTSTRAP_RESOURCES = { en: bootstrapEn, da: bootstrapDa, sv: bootstrapSv, de: bootstrapDe };

export type BootstrapKey = keyof typeof bootstrapEn;

export function bootstrapText(language: Language, key: BootstrapKey): string {
  const texts: Partial<Record<BootstrapKey, string>> = BOOTSTRAP_RESOURCES[language];
  return texts[key] ?? bootstrapEn[key];
}
