import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from '../../components/confirm/confirm-store';

/**
 * Warns before leaving a form with unsaved changes: in-app navigation asks through the global
 * confirmation dialog, closing or reloading the tab through the browser's own prompt.
 * Call `allowLeave()` right before navigating away after a successful save.
 */
export function useLeaveGuard(dirty: boolean) {
  const allowRef = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirm({
      header: 'تغييرات غير محفوظة',
      message: 'لديك تغييرات غير محفوظة في هذا النموذج. هل تريد المغادرة دون حفظ؟',
      acceptLabel: 'مغادرة دون حفظ',
      rejectLabel: 'البقاء في الصفحة',
      danger: true,
      centered: true,
      accept: () => blocker.proceed?.(),
      reject: () => blocker.reset?.(),
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowRef.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    allowLeave: () => {
      allowRef.current = true;
    },
  };
}
