import { fetchBuildMetadata } from './build-metadata';
import { safeStorage } from './safe-storage';
import { loadToast } from './toast';

const CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** Reload guard (spec §4): never offer or reload twice within 10 s. */
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = 'idara:last-reload';
const TOAST_ID = 'new-version';

let lastOffer = 0;

function recentlyReloaded(): boolean {
  const last = Number(safeStorage.get(RELOAD_KEY) ?? 0);
  return Date.now() - last < RELOAD_GUARD_MS;
}

function reload(): void {
  if (recentlyReloaded()) return;
  safeStorage.set(RELOAD_KEY, String(Date.now()));
  window.location.reload();
}

export async function fetchLatestVersion(): Promise<string | null> {
  return (await fetchBuildMetadata())?.version ?? null;
}

export async function checkForNewVersion(): Promise<void> {
  const latest = await fetchLatestVersion();
  if (!latest || latest === __APP_VERSION__) return;
  const now = Date.now();
  if (now - lastOffer < RELOAD_GUARD_MS || recentlyReloaded()) return;
  lastOffer = now;
  const toast = await loadToast();
  toast('يتوفر إصدار جديد', {
    id: TOAST_ID,
    description: 'حدّث الصفحة للحصول على آخر التحسينات.',
    duration: Number.POSITIVE_INFINITY,
    action: { label: 'تحديث', onClick: reload },
  });
}

/** Checks every 5 minutes and on window focus; returns the cleanup. */
export function startVersionCheck(): () => void {
  void checkForNewVersion(); // also loads the route rules at start
  const id = window.setInterval(checkForNewVersion, CHECK_INTERVAL_MS);
  const onFocus = () => void checkForNewVersion();
  window.addEventListener('focus', onFocus);
  return () => {
    window.clearInterval(id);
    window.removeEventListener('focus', onFocus);
  };
}
