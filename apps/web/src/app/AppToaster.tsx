import { useComputedColorScheme } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Its own chunk, fetched after the first paint (lib/toast.ts).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Toast area per spec §9 (top-centre in the app). Per-type durations live in lib/toast.ts. */
export function AppToaster() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        duration={4000}
        visibleToasts={3}
        gap={14}
        offset="32px"
        // On a phone the toasts start below the 60 px header, so its bell and menu stay tappable.
        mobileOffset={{ top: '68px' }}
        hotkey={['altKey', 'KeyT']}
        dir="rtl"
        theme={scheme}
        richColors
        closeButton
        containerAriaLabel="الإشعارات المنبثقة"
        toastOptions={{
          closeButtonAriaLabel: 'إغلاق',
          style: { fontFamily: 'var(--mantine-font-family)' },
        }}
      />
    </Suspense>
  );
}
