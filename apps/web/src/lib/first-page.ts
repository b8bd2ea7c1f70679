import { startTransition, useEffect, useState } from 'react';
import { createStore, useStore } from './create-store';

/**
 * Whether the first page of this visit has mounted. What the page itself does not need — the
 * header's menus and bell — waits for it, so a phone spends its first second on the page the user
 * opened.
 */
const firstPage = createStore({ shown: false, codeReady: false });

/**
 * Read in a transition: a store update re-renders its readers synchronously, in the task that
 * committed the page, and makes React run the page's effects there too.
 */
export function useFirstPageShown(): boolean {
  const [shown, setShown] = useState(() => firstPage.get().shown);
  useEffect(() => {
    if (shown) return;
    const update = () => {
      if (firstPage.get().shown) startTransition(() => setShown(true));
    };
    update();
    return firstPage.subscribe(update);
  }, [shown]);
  return shown;
}

/**
 * Whether the opened page's code has arrived (or failed, or was never fetched ahead). The app keeps
 * its loader until then: a layout shown first would show the page's own fallback, and React holds
 * a page back for some 300 ms after showing a fallback.
 */
export const useFirstPageCodeReady = () => useStore(firstPage, (state) => state.codeReady);

/** Called by the router once the opened page's code has settled. */
export function markFirstPageCodeReady(): void {
  if (!firstPage.get().codeReady) firstPage.set({ codeReady: true });
}

/** Rendered beside the page: marks the first page shown once it has mounted. */
export function MarkPageShown() {
  useEffect(() => {
    if (!firstPage.get().shown) firstPage.set({ shown: true });
  }, []);
  return null;
}

/**
 * False while the first page of a visit paints for the first time, then true (set in a
 * transition, so what it reveals renders in an interruptible pass). A page gates its data-heavy
 * part on it — the rows, the figures — so its title, toolbar and skeletons paint without waiting
 * for them. On later pages it is true from the start.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(() => firstPage.get().shown);
  useEffect(() => {
    if (!after) startTransition(() => setAfter(true));
  }, [after]);
  return after;
}
