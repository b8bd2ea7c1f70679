import { Group, Paper, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A card of related records on a record's page (an order's payments, its tasks): a titled section, its add button on the side. */
export function RecordsCard({
  title,
  action,
  testId,
  children,
}: {
  title: string;
  action?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      style={{ minWidth: 0 }}
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
        <Title order={2} fz="h4" id={titleId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}
