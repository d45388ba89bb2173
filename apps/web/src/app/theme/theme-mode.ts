import { THEME_MODES, type ThemeMode } from '@homeward/contracts';

export type ResolvedThemeMode = 'light' | 'dark';

/** An unknown or missing stored value becomes `device` (spec §4). */
export function parseThemeMode(value: unknown): ThemeMode {
  return (THEME_MODES as readonly unknown[]).includes(value) ? (value as ThemeMode) : 'device';
}

/**
 * The mode actually painted. Configuration can switch theming off, and then the app is always light;
 * `device` follows the operating system's colour-scheme preference.
 */
export function resolveThemeMode(
  mode: ThemeMode,
  prefersDark: boolean,
  themeSwitchingEnabled: boolean,
): ResolvedThemeMode {
  if (!themeSwitchingEnabled) return 'light';
  if (mode === 'device') return prefersDark ? 'dark' : 'light';
  return mode;
}
