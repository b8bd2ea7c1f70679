import { Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Disclosure } from '../../components/Disclosure';
import { useAuth } from '../../lib/auth';

/**
 * Server internals (paths, environment variables, commands) are for whoever runs the server: the
 * administrator (role «مدير النظام»). Everyone else reads what it means for them instead.
 */
export function useIsAdmin() {
  return useAuth().user?.role === 'admin';
}

/** A path, a variable or a command, left to right (Mantine's Code would add a stylesheet to every page). */
export function Mono({ children, block = false }: { children: ReactNode; block?: boolean }) {
  return (
    <Text
      span
      inherit
      ff="monospace"
      dir="ltr"
      style={{ wordBreak: 'break-all', ...(block ? { display: 'block', textAlign: 'right' } : {}) }}
    >
      {children}
    </Text>
  );
}

/** «معلومات تقنية»: closed until opened, shown to administrators only (callers check useIsAdmin). */
export function TechnicalInfo({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Disclosure summary="معلومات تقنية" icon={<IconTool size={16} aria-hidden />} testId={testId}>
      <Stack gap="xs" fz="sm">
        {children}
      </Stack>
    </Disclosure>
  );
}

/** One line of the technical details: what it is, then the value. */
export function TechnicalItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** What a non-administrator is told instead of a server detail. */
export const ASK_ADMIN = 'اطلب من مدير النظام';
