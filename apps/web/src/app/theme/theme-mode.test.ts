import { describe, expect, it } from 'vitest';
import { parseThemeMode, resolveThemeMode } from './theme-mode';

describe('theme mode', () => {
  it('turns unknown or missing stored values into device', () => {
    expect(parseThemeMode(null)).toBe('device');
    expect(parseThemeMode(undefined)).toBe('device');
    expect(parseThemeMode('purple')).toBe('device');
    expect(parseThemeMode('dark')).toBe('dark');
    expect(parseThemeMode('light')).toBe('light');
  });

  it('lets device follow the colour-scheme preference', () => {
    expect(resolveThemeMode('device', true, true)).toBe('dark');
    expect(resolveThemeMode('device', false, true)).toBe('light');
  });

  it('uses an explicit choice over the preference', () => {
    expect(resolveThemeMode('light', true, true)).toBe('light');
    expect(resolveThemeMode('dark', false, true)).toBe('dark');
  });

  it('is always light when theme switching is disabled', () => {
    expect(resolveThemeMode('dark', true, false)).toBe('light');
    expect(resolveThemeMode('device', true, false)).toBe('light');
  });
});
