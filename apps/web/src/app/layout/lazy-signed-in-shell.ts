import { preloadableLazy } from '../lazy/preloadable-lazy';

const loadShell = () => import('./signed-in-shell');

const navSectionHeading = preloadableLazy(() => loadShell().then((shell) => shell.NavSectionHeading));
const navSupportDivider = preloadableLazy(() => loadShell().then((shell) => shell.NavSupportDivider));
const userMenuButton = preloadableLazy(() => loadShell().then((shell) => shell.UserMenuButton));

/** The signed-in parts of the shell (signed-in-shell.tsx). */
export const LazyNavSectionHeading = navSectionHeading.Component;
export const LazyNavSupportDivider = navSupportDivider.Component;
export const LazyUserMenuButton = userMenuButton.Component;

/** Fetches them, so that they render at once; for a user signed in at start. */
export function preloadSignedInShell(): Promise<unknown> {
  return Promise.all([navSectionHeading.preload(), navSupportDivider.preload(), userMenuButton.preload()]);
}
