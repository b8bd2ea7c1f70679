import { Paper, Skeleton, Stack } from '@mantine/core';

/** Skeleton of a form or details page while the record loads. */
export function PageSkeleton({ sections = 3 }: { sections?: number }) {
  return (
    <Stack gap="lg" role="status" aria-label="جارٍ التحميل…">
      {Array.from({ length: sections }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Paper key={i} withBorder p="lg">
          <Skeleton h={22} w={160} mb="lg" radius="sm" />
          <Stack gap="sm">
            <Skeleton h={36} radius="sm" />
            <Skeleton h={36} radius="sm" />
            <Skeleton h={36} w="60%" radius="sm" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
