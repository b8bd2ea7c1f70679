import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';

/** Keeps the `dark` class on <html> in sync with Mantine's scheme (spec §9: dark when the root has it). */
export function ColorSchemeSync() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    document.documentElement.classList.toggle('dark', scheme === 'dark');
  }, [scheme]);
  return null;
}
