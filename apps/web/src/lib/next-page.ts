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
