import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the settings page: a bordered card, its heading and, when given, what it is for. */
export function SettingsSection({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid={testId}>
      <Title order={2} fz="h4" mb={description ? 4 : 'md'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
