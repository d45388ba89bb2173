import { useEffect, useMemo, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppState } from '../state/app-store';
import { createAppTheme } from './app-theme';
import { resolveThemeMode } from './theme-mode';

interface AppThemeProviderProps {
  /** From configuration; false (also while it loads) paints the light theme. */
  themeSwitchingEnabled: boolean;
  children: ReactNode;
}

export function AppThemeProvider({ themeSwitchingEnabled, children }: AppThemeProviderProps) {
  const mode = useAppState((state) => state.theme);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const resolved = resolveThemeMode(mode, prefersDark, themeSwitchingEnabled);
  const theme = useMemo(() => createAppTheme(resolved), [resolved]);

  useEffect(() => {
    // Exposed for tests and for CSS outside React.
    document.documentElement.dataset.theme = resolved;
    document.documentElement.style.colorScheme = resolved;
  }, [resolved]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
