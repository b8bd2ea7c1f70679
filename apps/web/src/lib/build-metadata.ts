import { createStore, useStore } from './create-store';

export interface RouteRule {
  redirect?: string;
}

/** dist/version.json: the build id and the route rules (spec §7). */
export interface BuildMetadata {
  version: string;
  rules: Record<string, RouteRule>;
}

const store = createStore<{ loaded: boolean; rules: Record<string, RouteRule> }>({
  loaded: false,
  rules: {},
});

/** Fetches the build metadata (never cached) and keeps its route rules; null when unavailable. */
export async function fetchBuildMetadata(): Promise<BuildMetadata | null> {
  try {
    const res = await fetch('/version.json', { cache: 'no-store' });
    if (!res.ok) return null;
    const data = (await res.json()) as Partial<BuildMetadata>;
    const rules = data.rules && typeof data.rules === 'object' ? data.rules : {};
    store.set({ loaded: true, rules });
    return typeof data.version === 'string' ? { version: data.version, rules } : null;
  } catch {
    return null;
  } finally {
    if (!store.get().loaded) store.set({ loaded: true });
  }
}

/** The redirect a rule gives this path: an exact key, or the longest matching `/prefix/**`. */
export function ruleRedirect(rules: Record<string, RouteRule>, pathname: string): string | undefined {
  const exact = rules[pathname]?.redirect;
  if (exact) return exact;
  let best: { length: number; to: string } | undefined;
  for (const [pattern, rule] of Object.entries(rules)) {
    if (!pattern.endsWith('/**') || !rule.redirect) continue;
    const prefix = pattern.slice(0, -3);
    if (
      (pathname === prefix || pathname.startsWith(`${prefix}/`)) &&
      (!best || prefix.length > best.length)
    ) {
      best = { length: prefix.length, to: rule.redirect };
    }
  }
  return best?.to;
}

/**
 * Where a route rule sends `pathname` (undefined: nowhere), and whether the rules have been read.
 * `needLoaded` false (a known page) reads the rules without waiting for them.
 */
export function useRuleRedirect(pathname: string, needLoaded: boolean) {
  const target = useStore(store, (state) => ruleRedirect(state.rules, pathname));
  const loaded = useStore(store, (state) => state.loaded || !needLoaded);
  return { target, loaded };
}
