import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Navigation scrolls to the top, and smoothly to a hash target (spec §2). */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      // the lazy page may still be rendering: try for a moment
      let tries = 0;
      const tick = () => {
        const el = document.getElementById(id);
        if (el) el.scrollIntoView({ behavior: 'smooth', block: 'start' });
        else if (tries++ < 20) window.setTimeout(tick, 50);
      };
      tick();
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname, hash]);
  return null;
}
