/**
 * Registers the service worker the build writes (apps/web/build/installable-app.ts): the app
 * shell precached, so the app opens with no network. Loaded by a dynamic import once the page has
 * loaded (main.tsx), out of the shell's scripts and after the first screen's requests. A browser
 * without service workers, or one refusing them (private mode), runs the app online as before.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('service worker not registered', error);
  });
}
