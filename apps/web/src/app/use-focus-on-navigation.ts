import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const PAGE_HEADING_ID = 'page-title';
export const MAIN_ID = 'main-content';

/** How long a page may take to show its form (lazy code, then the record) before we stop waiting. */
const FORM_WAIT_MS = 5000;
/** A form's text fields (not choices or pickers, which open a list on focus). */
const FORM_TEXT_FIELD =
  'form input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([disabled]):not([readonly]):not([role=combobox]), form textarea:not([disabled]):not([readonly])';

/**
 * The router's key of the entry the browser loaded ('default' on a fresh load, the saved one on a
 * reload), read before the router starts.
 */
const loadedKey: string =
  (typeof window !== 'undefined' && (window.history.state as { key?: string } | null)?.key) || 'default';

function firstField(main: HTMLElement): HTMLElement | null {
  for (const el of main.querySelectorAll<HTMLElement>(FORM_TEXT_FIELD))
    if (el.offsetParent !== null) return el;
  return null;
}

/**
 * On every page the app opens (after sign-in too), focus goes to the page's heading, so a screen
 * reader announces it and Tab continues from the page rather than from the link that was pressed;
 * on a page with a form, to its first text field once the form shows, unless the user has moved
 * focus meanwhile. The page the browser loaded keeps focus at the document's start, so the first
 * Tab reaches the skip link.
 */
export function useFocusOnNavigation() {
  const { pathname, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (key === loadedKey) return;
    const heading = document.getElementById(PAGE_HEADING_ID);
    const main = document.getElementById(MAIN_ID);
    if (!heading || !main) return;
    const active = document.activeElement;
    // A dialog or menu the user is in keeps the focus.
    if (active && active !== document.body && active.closest('[role="dialog"], [role="menu"]')) return;
    heading.focus({ preventScroll: true });
    // Live: most pages have no form, and looking through the whole page for a field on each of
    // its changes was a quarter of a second of a phone's main thread as home filled in.
    const forms = main.getElementsByTagName('form');
    const tryField = () => {
      if (document.activeElement !== heading) return true;
      if (forms.length === 0) return false;
      const field = firstField(main);
      field?.focus({ preventScroll: true });
      return Boolean(field);
    };
    if (tryField()) return;
    const observer = new MutationObserver(() => {
      if (tryField()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), FORM_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);
}
