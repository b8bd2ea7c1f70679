import { useEffect } from 'react';
import { createStore, useStore } from '../lib/create-store';

/**
 * Whether the first page of this visit has mounted. What the page itself does not need — the
 * header's menus and bell, the realtime connection — waits for it, so a phone spends its first
 * second on the page the user opened.
 */
const firstPage = createStore({ shown: false });

export const useFirstPageShown = () => useStore(firstPage).shown;

/** Rendered beside the page: marks the first page shown once it has mounted. */
export function MarkPageShown() {
  useEffect(() => {
    if (!firstPage.get().shown) firstPage.set({ shown: true });
  }, []);
  return null;
}
