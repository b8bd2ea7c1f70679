/**
 * Prerendered first paint (docs/ARCHITECTURE.md, "Prerendered pages"). The build opens a few pages
 * in Chromium with `window.__IDARA_PRERENDER__` set and keeps each one's first committed DOM
 * (`scripts/prerender.ts`); the server puts it in `#prerender` ahead of the scripts when the visitor
 * may see it as captured (`apps/api/src/http/prerender.ts`), and the app renders hidden behind it
 * until its own first page is there.
 */
interface PrerenderWindow {
  __IDARA_PRERENDER__?: {
    /** Every permission check made while the page rendered, with its answer for the capturing user. */
    checks: Map<string, boolean>;
    /** Takes the DOM as the first page committed it. */
    capture(): void;
  };
}

const capturing = typeof window !== 'undefined' ? (window as PrerenderWindow).__IDARA_PRERENDER__ : undefined;

/** True only inside the build's capture: what is specific to a user (the navigation) is left out. */
export const prerendering = capturing !== undefined;

/** Notes a permission check during a capture: the page may only be served to users it answers the same for. */
export function notePermissionCheck(required: readonly string[], granted: boolean): void {
  if (capturing && required.length > 0) capturing.checks.set([...required].sort().join(' '), granted);
}

/** The first page has committed: during a capture, this is the DOM the build keeps. */
export function capturePage(): void {
  capturing?.capture();
}

/**
 * Shows the app in place of the prerendered page (a no-op without one). Called once the first page
 * has committed, by the screens that replace a page (errors, maintenance), and after a while by
 * main.tsx whatever happens.
 */
export function revealApp(): void {
  document.getElementById('prerender')?.remove();
}
