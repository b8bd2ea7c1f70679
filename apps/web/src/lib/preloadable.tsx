import { type ComponentType, lazy, useState } from 'react';

/** A component whose code is fetched on demand, and can be fetched ahead (`load`). */
export interface Preloadable<P extends object> {
  (props: P): React.ReactNode;
  load: () => Promise<{ default: ComponentType<P> }>;
}

/**
 * A lazily loaded component that renders at once when its code has already arrived (fetched ahead
 * with `load`), and lazily otherwise. A `React.lazy` component suspends at least once even when its
 * module is there, and React then holds the content back for some 300 ms after showing the
 * fallback: fetched ahead, this one never shows the fallback.
 */
export function preloadable<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  const load = () =>
    loader().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per loader, at module scope (one type each)
  function Preloaded(props: P) {
    // Chosen once per mount: switching type later would remount it.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  Preloaded.load = load;
  return Preloaded;
}
