import { type ReactNode, Suspense, useLayoutEffect, useRef, useState } from 'react';

const DIALOG = '[role="dialog"], [role="alertdialog"]';
/**
 * How long a closing dialog may keep focus before it is gone. Its exit transition is 150 ms, but on
 * a busy phone (or a loaded test machine) it has taken over 3 s; the wait ends as soon as focus
 * leaves the dialog, so a generous bound costs nothing.
 */
const RETURN_WAIT_MS = 15_000;

/**
 * A dialog whose code loads the first time it opens: rendered from then on (so closing still
 * animates), and focus goes back to what opened it when it closes. Mantine's Modal remembers the
 * opener only when it opens after mounting, so the first opening of a lazily mounted dialog left
 * focus on `<body>`.
 */
export function LazyDialog({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  if (opened && !mounted) setMounted(true);
  const opener = useRef<HTMLElement | null>(null);

  useLayoutEffect(() => {
    if (opened) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      return;
    }
    const target = opener.current;
    if (!target) return;
    const until = performance.now() + RETURN_WAIT_MS;
    let frame = requestAnimationFrame(function check() {
      const active = document.activeElement;
      if (!active || active === document.body) {
        if (target.isConnected) target.focus({ preventScroll: true });
        return;
      }
      // Still inside the closing dialog: wait; anywhere else: someone placed it on purpose.
      if (active.closest(DIALOG) && performance.now() < until) frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  }, [opened]);

  return mounted || opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
