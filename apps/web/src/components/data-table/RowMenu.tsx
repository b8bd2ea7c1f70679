import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A row's actions behind «⋯» (orders, tasks, forms): «عرض», «تعديل», the row's own items, then
 * «حذف» — each only when given, so pass only what the user may do. A divider sets delete apart
 * from the row's own items.
 */
export function RowMenu({
  label,
  onView,
  onEdit,
  onDelete,
  children,
}: {
  /** The menu button's name: «إجراءات الطلب رقم 12». */
  label: string;
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" radius="md">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onView && (
          <Menu.Item leftSection={<IconEye size={16} />} onClick={onView}>
            عرض
          </Menu.Item>
        )}
        {onEdit && (
          <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>
            تعديل
          </Menu.Item>
        )}
        {children}
        {onDelete && children && <Menu.Divider />}
        {onDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            حذف
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
