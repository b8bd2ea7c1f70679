import { useComputedColorScheme } from '@mantine/core';
import { Toaster } from 'sonner';

/** Toast area per spec §9 (top-centre in the app). Per-type durations live in lib/toast.ts. */
export function AppToaster() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <Toaster
      position="top-center"
      duration={4000}
      visibleToasts={3}
      gap={14}
      offset="32px"
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
  );
}
