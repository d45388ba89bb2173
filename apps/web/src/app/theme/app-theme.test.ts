import { describe, expect, it } from 'vitest';
import { BRAND_PRIMARY, createAppTheme } from './app-theme';

describe('app theme', () => {
  it('uses the brand colours, Montserrat, 24px buttons and the spec breakpoints', () => {
    const theme = createAppTheme('light');
    expect(theme.palette.primary.main).toBe('#093245');
    expect(theme.palette.secondary.main).toBe('#ee4d9b');
    expect(theme.typography.fontFamily).toMatch(/^"Montserrat"/);
    expect(theme.components?.MuiButton?.styleOverrides?.root).toMatchObject({ borderRadius: 24 });
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
  });

  it('keeps the brand top bar in dark mode while lifting primary for legibility', () => {
    const theme = createAppTheme('dark');
    expect(theme.palette.mode).toBe('dark');
    expect(theme.palette.secondary.main).toBe('#ee4d9b');
    expect(theme.palette.primary.main).not.toBe(BRAND_PRIMARY);
    expect(theme.components?.MuiAppBar?.styleOverrides?.root).toMatchObject({
      backgroundColor: BRAND_PRIMARY,
    });
  });
});
