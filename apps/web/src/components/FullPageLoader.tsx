import { Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';

/**
 * The app's mark, name and a spinner, centred: what index.html paints before the scripts run
 * (its `.boot` screen), kept until the first page is ready.
 */
export function FullPageLoader({ label = 'جارٍ التحميل…' }: { label?: string }) {
  return (
    <Center mih="100vh" role="status" aria-live="polite" aria-label={label}>
      <Stack align="center" gap={12}>
        <ThemeIcon size={48} radius="md" variant="filled" aria-hidden>
          <IconChartBar size={28} />
        </ThemeIcon>
        <Text fw={700} fz={20} lh={1.55}>
          إدارة
        </Text>
        <Loader size={22} />
      </Stack>
    </Center>
  );
}

export function SectionLoader({ label = 'جارٍ التحميل…' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
