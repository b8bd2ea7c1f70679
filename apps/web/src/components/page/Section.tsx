import { Paper, Stack, Text, Textarea, type TextareaProps, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card section of a form or details page. */
export function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} style={{ minWidth: 0 }}>
      <Stack gap={4} mb="md">
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {actions}
        </div>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  );
}

/** A form's free notes in their own section. */
export function NotesSection({ placeholder, ...input }: { placeholder: string } & TextareaProps) {
  return (
    <Section title="ملاحظات">
      <Textarea aria-label="ملاحظات" placeholder={placeholder} autosize minRows={3} maxRows={8} {...input} />
    </Section>
  );
}
