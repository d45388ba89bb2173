import { useState } from 'react';
import { preloadableLazy } from '../lazy/preloadable-lazy';

const loadMenus = () => import('./top-bar-menus');

const languageMenu = preloadableLazy(() => loadMenus().then((menus) => menus.LanguageMenu));
const themeMenu = preloadableLazy(() => loadMenus().then((menus) => menus.ThemeMenu));
const userMenuItems = preloadableLazy(() => loadMenus().then((menus) => menus.UserMenuItems));

/** The top bar's menus (top-bar-menus.tsx), each loaded with the first one used. */
export const LazyLanguageMenu = languageMenu.Component;
export const LazyThemeMenu = themeMenu.Component;
export const LazyUserMenuItems = userMenuItems.Component;

/** Fetches the menus' chunk when the user reaches for a menu button (pointer over it, or focus). */
export function preloadTopBarMenus(): void {
  for (const menu of [languageMenu, themeMenu, userMenuItems]) void menu.preload().catch(() => undefined);
}

/**
 * A menu button's state: the element the menu hangs from while open, and whether it was ever
 * opened. The lazy menu mounts on the first click (which sets the anchor at once, so the click is
 * not lost while its chunk loads) and then stays mounted, so closing plays its transition.
 */
export function useMenuAnchor() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  return {
    anchor,
    everOpened,
    open(element: HTMLElement) {
      setAnchor(element);
      setEverOpened(true);
    },
    close() {
      setAnchor(null);
    },
  };
}
