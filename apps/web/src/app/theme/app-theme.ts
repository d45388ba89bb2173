import { createTheme, type Theme } from '@mui/material/styles';
import type { ResolvedThemeMode } from './theme-mode';

export const BRAND_PRIMARY = '#093245';
export const BRAND_SECONDARY = '#ee4d9b';
/**
 * The brand blue lifted to be readable on dark surfaces (same hue). Links, tabs, focused fields and
 * contained buttons take their colour from `primary`, and #093245 on a near-black page is invisible.
 */
export const DARK_MODE_PRIMARY = '#85bcd6';
export const BUTTON_RADIUS_PX = 24;

/** The product look of spec §9: brand colours, Montserrat, 24px buttons, MUI's default breakpoints. */
export function createAppTheme(mode: ResolvedThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'dark' ? DARK_MODE_PRIMARY : BRAND_PRIMARY },
      secondary: { main: BRAND_SECONDARY },
      // MUI's dark red reads at 4.3:1 on dark paper (form errors in dialogs); this one at 6:1.
      ...(mode === 'dark'
        ? { background: { default: '#0b1820', paper: '#122530' }, error: { main: '#ff7961' } }
        : {}),
      // The text on a coloured surface (a contained button, a chip) is white or black, whichever
      // reads at WCAG AA's 4.5:1; MUI's default of 3 put white on the pink, orange and light blue.
      contrastThreshold: 4.5,
    },
    typography: {
      fontFamily: '"Montserrat", "Helvetica Neue", Arial, sans-serif',
      // Only 400, 500 and 700 are shipped; MUI's light headings would otherwise fall back to a synthetic weight.
      fontWeightLight: 400,
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { styleOverrides: { root: { borderRadius: BUTTON_RADIUS_PX, textTransform: 'none' } } },
      // The top bar is the brand surface and stays brand blue in both modes.
      MuiAppBar: {
        styleOverrides: { root: { backgroundColor: BRAND_PRIMARY, backgroundImage: 'none', color: '#fff' } },
      },
    },
  });
}
