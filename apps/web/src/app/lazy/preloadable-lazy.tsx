import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A component kept out of the initial bundle, and the way to fetch its chunk ahead of time. */
export interface PreloadableLazy<P extends object> {
  Component: ComponentType<P>;
  /** Fetches the chunk (once); call it when the user shows intent, such as hovering a button. */
  preload(): Promise<ComponentType<P>>;
}

/**
 * Like `React.lazy`, for parts of the shell the first render does not need (menus, the phone
 * navigation drawer, the notification toast). Once the chunk has arrived (after `preload`), new
 * instances render at once instead of suspending for a tick, so a menu opened after hovering its
 * button shows its opening transition from the start.
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** Shown while the chunk loads. */
  fallback: ReactNode = null,
): PreloadableLazy<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;

  function PreloadableComponent(props: P) {
    // Chosen once per instance: switching from the lazy wrapper to the loaded component would remount it.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return { Component: PreloadableComponent, preload };
}
