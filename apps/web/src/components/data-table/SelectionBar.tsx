import { Button, Group, type GroupProps, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The bar over a list whose rows are picked: how many, «إلغاء التحديد», then what can be done with
 * them (the table's bulk delete, the tasks' bulk assign).
 */
export function SelectionBar({
  count,
  onClear,
  children,
  ...props
}: GroupProps & { count: number; onClear: () => void; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" role="region" aria-label="إجراءات التحديد" {...props}>
      <Text size="sm" fw={500}>
        تم تحديد <bdi>{count}</bdi>
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={onClear}>
          إلغاء التحديد
        </Button>
        {children}
      </Group>
    </Group>
  );
}
