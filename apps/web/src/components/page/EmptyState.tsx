import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** Empty state with an icon and a line of text; `boxed`, in a bordered card of its own (a list's place). */
export function EmptyState({
  icon,
  title,
  text,
  boxed,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  boxed?: boolean;
  testId?: string;
}) {
  const state = (
    <Stack align="center" gap="xs" py="xl" ta="center" data-testid={boxed ? undefined : testId}>
      <ThemeIcon size={52} variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {text && (
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      )}
    </Stack>
  );
  return boxed ? (
    <Paper withBorder data-testid={testId}>
      {state}
    </Paper>
  ) : (
    state
  );
}
