import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../lib/auth';

export interface DetailsField {
  label: string;
  value: ReactNode;
  /** Spans the whole row. */
  wide?: boolean;
}

/** Record details: a title, edit/delete buttons (by permission) and label/value pairs. */
export function DetailsCard({
  title,
  fields,
  editTo,
  editPermission,
  onDelete,
  deletePermission,
  actions,
  badges,
  children,
}: {
  title: ReactNode;
  /** Beside the title: the record's state. */
  badges?: ReactNode;
  fields: DetailsField[];
  editTo?: string;
  editPermission?: string;
  onDelete?: () => void;
  deletePermission?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const canEdit = useCan(...(editPermission ? [editPermission] : []));
  const canDelete = useCan(...(deletePermission ? [deletePermission] : []));
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Group gap="xs" style={{ minWidth: 0 }}>
          <Title order={2} fz="h3" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badges}
        </Group>
        <Group gap="xs">
          {actions}
          {editTo && canEdit && (
            <Button component={Link} to={editTo} variant="light" leftSection={<IconEdit size={18} />}>
              تعديل
            </Button>
          )}
          {onDelete && canDelete && (
            <Button variant="light" color="red" leftSection={<IconTrash size={18} />} onClick={onDelete}>
              حذف
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {fields.map((f) => (
          <Stack key={f.label} gap={2} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
            <Text size="sm" c="dimmed">
              {f.label}
            </Text>
            <Text component="div" style={{ overflowWrap: 'anywhere' }}>
              {f.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {children}
    </Paper>
  );
}
