import type { LanguageInfo } from '@homeward/contracts';

export interface LanguageChoice {
  /** The language i18next shows now. */
  current: string;
  /** The languages of the configuration; empty until it has loaded. */
  languages: readonly LanguageInfo[];
  /** Whether the visitor picked a language (`?lng` or a stored choice) rather than getting one. */
  visitorChose: boolean;
}

/**
 * The language to switch to once the configuration's languages are known, or undefined to stay:
 * a new visitor gets the configured default, and anyone on a language that was disabled meanwhile
 * falls back to it.
 */
export function configuredLanguageToUse({
  current,
  languages,
  visitorChose,
}: LanguageChoice): string | undefined {
  const enabled = languages.filter((language) => language.isEnabled);
  const fallback = (enabled.find((language) => language.isDefault) ?? enabled[0])?.cultureName;
  if (!fallback || fallback === current) return undefined;
  if (!visitorChose) return fallback;
  return enabled.some((language) => language.cultureName === current) ? undefined : fallback;
}
