import type { ReactElement } from 'react';
import { HomePage } from '../../features/home/home-page';
import { preloadableLazy } from '../lazy/preloadable-lazy';
import { PageLoading } from '../layout/page-loading';
import type { RouteName } from './routes';

/*
 * Only the home page is in the initial bundle (budget: 170 KB gzip of JS on the home route, printed
 * by `npm run bench:startup`). Every other screen is its own chunk, reached through the screen
 * registry (screen-registry.tsx), itself a chunk: it holds the imports of 30-odd screens and the
 * lists of chunks each preloads, 3.5 KB gzip the home page does not need. It is fetched when the user
 * reaches for a link of the app (`preloadScreens`), with the sign-in client for a user signed in at
 * start, or with the first other screen.
 */
const registry = preloadableLazy(
  () => import('./screen-registry').then((module) => module.ScreenFor),
  <PageLoading />,
);
const LazyScreen = registry.Component;

/** Fetches the screen registry (once). */
export function preloadScreens(): Promise<unknown> {
  return registry.preload().catch(() => undefined);
}

export function pageFor(name: RouteName, titleKey: string): ReactElement {
  return name === 'home' ? <HomePage /> : <LazyScreen name={name} titleKey={titleKey} />;
}

/** The catch-all route's screen. */
export function NotFoundPage() {
  return <LazyScreen name="notFound" />;
}
