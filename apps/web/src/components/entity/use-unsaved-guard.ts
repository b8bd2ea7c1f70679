import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ask } from '../confirm';

/**
 * Warns before leaving with unsaved changes: in-app navigation asks with the confirm dialog, closing
 * or reloading the tab gets the browser's prompt. Call `allowLeave()` right before navigating away
 * after a successful save.
 */
export function useUnsavedChangesGuard(dirty: boolean): { allowLeave: () => void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void ask({
      header: 'تغييرات غير محفوظة',
      message: 'لديك تغييرات غير محفوظة. هل تريد المغادرة دون حفظ؟',
      acceptLabel: 'مغادرة',
      rejectLabel: 'البقاء',
      danger: true,
      centered: true,
    }).then((leave) => {
      if (!live) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (allowed.current) return;
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    allowLeave: useCallback(() => {
      allowed.current = true;
    }, []),
  };
}
