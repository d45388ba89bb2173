import { lazy, Suspense, type ComponentType } from 'react';
import type * as SignedInNavIconsModule from './signed-in-nav-icons';

type SignedInNavIcons = typeof SignedInNavIconsModule;
export type SignedInNavIconName = keyof SignedInNavIcons;

let loaded: SignedInNavIcons | undefined;
let loading: Promise<SignedInNavIcons> | undefined;

/** Fetches the icons (once); the bootstrap does for a user signed in at start, so they show at once. */
export function loadSignedInNavIcons(): Promise<SignedInNavIcons> {
  loading ??= import('./signed-in-nav-icons').then((icons) => (loaded = icons));
  return loading;
}

/** Holds the icon's place (MUI's 24px icon box) while the icons load, so the entry does not shift. */
function IconPlaceholder() {
  return (
    <span aria-hidden="true" style={{ display: 'inline-block', width: '1em', height: '1em', fontSize: 24 }} />
  );
}

/**
 * The navigation icon `name` of a signed-in screen. The icons of every signed-in screen come in one
 * chunk, fetched when a navigation first shows one of them (a signed-in user's), so the anonymous
 * home and sign-in pages never load them. Once loaded, icons render at once.
 */
export function signedInNavIcon(name: SignedInNavIconName): ComponentType {
  const LazyIcon = lazy(() => loadSignedInNavIcons().then((icons) => ({ default: icons[name] })));
  return function SignedInNavIcon() {
    const Icon = loaded?.[name];
    if (Icon) return <Icon />;
    return (
      <Suspense fallback={<IconPlaceholder />}>
        <LazyIcon />
      </Suspense>
    );
  };
}
