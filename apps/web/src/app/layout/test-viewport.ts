import { vi } from 'vitest';

/*
 * Test support: jsdom has no `matchMedia`, so MUI's useMediaQuery answers every query with false,
 * which is a phone. This answers width queries as a screen `width` px wide would (and "prefers
 * dark" with no), for the layouts that differ by breakpoint.
 */
export function stubViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (min !== null || max !== null) &&
      (min === null || width >= Number(min[1])) &&
      (max === null || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
