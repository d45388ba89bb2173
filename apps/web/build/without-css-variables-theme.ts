import type { Plugin } from 'vite';

/**
 * The imports through which MUI reaches its CSS-variables theming: `createTheme` calls
 * `createThemeWithVars` only for `cssVariables: true` or `colorSchemes`, and `ThemeProvider` renders
 * `CssVarsProvider` only for a theme with `colorSchemes`. The app's theme (app/theme/app-theme.ts)
 * has neither, so neither runs, but both are imported statically and ship: measured with
 * `npm run bench:startup`, 7 KB gzip on the home route, every screen's first load included.
 */
export const CSS_VARIABLES_IMPORTS = [
  { importer: /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/, source: './createThemeWithVars.mjs' },
  { importer: /@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/, source: './ThemeProviderWithVars.mjs' },
] as const;

const STUB_ID = '\0homeward:without-css-variables-theme';

/** What those imports get instead: the same names, failing loudly if a theme ever needs them. */
export const CSS_VARIABLES_STUB = `
const leftOut = () => {
  throw new Error(
    "MUI's CSS-variables theming was left out of this build (apps/web/build/without-css-variables-theme.ts); " +
      'a theme with cssVariables or colorSchemes needs it back.',
  );
};
export default leftOut;
export const CssVarsProvider = leftOut;
`;

/**
 * Vite plugin: resolves MUI's two CSS-variables imports (`CSS_VARIABLES_IMPORTS`) to a stub. The
 * build fails if MUI stops making either import, so an upgrade that moves them is noticed instead
 * of silently bringing the weight back.
 */
export function withoutCssVariablesTheme(): Plugin {
  const replaced = new Set<string>();
  return {
    name: 'homeward:without-css-variables-theme',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced.clear();
    },
    resolveId(source, importer) {
      const match = CSS_VARIABLES_IMPORTS.find(
        (entry) => entry.source === source && importer !== undefined && entry.importer.test(importer),
      );
      if (!match) return null;
      replaced.add(match.source);
      return STUB_ID;
    },
    load(id) {
      return id === STUB_ID ? CSS_VARIABLES_STUB : null;
    },
    buildEnd(error) {
      if (error) return;
      const missing = CSS_VARIABLES_IMPORTS.filter((entry) => !replaced.has(entry.source));
      if (missing.length > 0) {
        this.error(
          `MUI no longer imports ${missing.map((entry) => entry.source).join(', ')} as expected; ` +
            'check apps/web/build/without-css-variables-theme.ts against the installed @mui/material.',
        );
      }
    },
  };
}
