import { weekendDays, weekStartsOn } from '@idara/domain';
import { DirectionProvider, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from '../lib/theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'mantine-color-scheme-value' });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <DirectionProvider initialDirection="rtl" detectDirection={false}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
      >
        <DatesProvider
          settings={{ locale: 'ar', firstDayOfWeek: weekStartsOn, weekendDays: [...weekendDays] }}
        >
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
