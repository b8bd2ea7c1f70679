/**
 * The page a person goes to once signed in (`?redirect=` or home), fetched ahead: its code, with
 * `data` also its first request. app/router.tsx hands the means over here, so that the sign-in page
 * can ask for it without importing the router.
 */
type Preload = (options: { data: boolean }) => void;

let preload: Preload = () => {};

export function setNextPagePreloader(fn: Preload): void {
  preload = fn;
}

export function preloadNextPage(options = { data: false }): void {
  preload(options);
}

/** The code of the page at a path of the app, fetched ahead (app/router.tsx hands it over too). */
let preloadAt: (path: string) => void = () => {};

export function setPathPreloader(fn: (path: string) => void): void {
  preloadAt = fn;
}

/**
 * Fetches the page at `path` ahead of a tap on a link to it: the page then renders at once, without
 * a moment in its loader (a technician's day fetches the visit page so).
 */
export function preloadPath(path: string): void {
  preloadAt(path);
}
