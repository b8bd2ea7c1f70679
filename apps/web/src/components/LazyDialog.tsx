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
    // Wait until the dialogs open at closing time are gone, not only until focus leaves them: an
    // Escape pressed before the focus trap moved in lets the trap's delayed focus land inside the
    // closing dialog after focus had already come back, and its removal then drops focus on <body>.
    const closing = Array.from(document.querySelectorAll(DIALOG));
    const until = performance.now() + RETURN_WAIT_MS;
    let frame = requestAnimationFrame(function check() {
      if (closing.some((d) => d.isConnected) && performance.now() < until) {
        frame = requestAnimationFrame(check);
        return;
      }
      const active = document.activeElement;
      // Anywhere but <body>: someone placed it on purpose.
      if ((!active || active === document.body) && target.isConnected) target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [opened]);

  return mounted || opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
