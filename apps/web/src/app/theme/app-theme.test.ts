import { getContrastRatio } from '@mui/material/styles';
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

  it.each(['light', 'dark'] as const)(
    'puts text that reads at 4.5:1 on every coloured surface, and readable red on the paper (%s)',
    (mode) => {
      const { palette } = createAppTheme(mode);
      for (const colour of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
        const { main, contrastText } = palette[colour];
        expect(getContrastRatio(main, contrastText), colour).toBeGreaterThanOrEqual(4.5);
      }
      expect(getContrastRatio(palette.error.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
