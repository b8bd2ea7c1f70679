import { lazy, Suspense, useEffect, useState } from 'react';

const HintTooltip = lazy(() => import('./HintTooltip'));

const HINTED = '[data-hint]';

function hinted(node: EventTarget | null): HTMLElement | null {
  return node instanceof Element ? node.closest<HTMLElement>(HINTED) : null;
}

/**
 * One tooltip for the whole app: any element with `data-hint="…"` shows it on hover and on
 * keyboard focus; Escape hides it. It replaces a Mantine Tooltip per control — a list page of 30
 * rows had 90, each mounting a dozen floating-ui hooks for hints nobody had asked for yet.
 * Give the element an accessible name too (`aria-label`): the hint is only visual.
 */
export function HintLayer() {
  const [target, setTarget] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const follow = (e: Event) => setTarget(hinted(e.target));
    const focusOut = (e: FocusEvent) => setTarget(hinted(e.relatedTarget));
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setTarget(null);
    };
    const hide = () => setTarget(null);
    document.addEventListener('pointerover', follow);
    document.addEventListener('focusin', follow);
    document.addEventListener('focusout', focusOut);
    document.addEventListener('keydown', key);
    document.documentElement.addEventListener('pointerleave', hide);
    return () => {
      document.removeEventListener('pointerover', follow);
      document.removeEventListener('focusin', follow);
      document.removeEventListener('focusout', focusOut);
      document.removeEventListener('keydown', key);
      document.documentElement.removeEventListener('pointerleave', hide);
    };
  }, []);

  // A control that re-rendered away (a deleted row, the next page) takes its hint with it.
  const label = target?.isConnected ? target.dataset.hint : undefined;
  if (!target || !label) return null;
  return (
    <Suspense fallback={null}>
      <HintTooltip target={target} label={label} />
    </Suspense>
  );
}
