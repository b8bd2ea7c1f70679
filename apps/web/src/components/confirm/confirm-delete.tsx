import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { type ConfirmOptions, confirm } from './confirm-store';

/** Delete preset (spec §9): warning icon, centred, "إلغاء" / "حذف" with a danger trash icon. */
export function confirmDelete(
  options: Pick<ConfirmOptions, 'accept' | 'reject' | 'message' | 'header'>,
): void {
  confirm({
    header: 'تأكيد الحذف',
    message: 'هل أنت متأكد من الحذف؟ لا يمكن التراجع عن هذا الإجراء.',
    icon: <IconAlertTriangle size={28} color="var(--mantine-color-orange-6)" aria-hidden />,
    centered: true,
    danger: true,
    rejectLabel: 'إلغاء',
    acceptLabel: 'حذف',
    acceptIcon: <IconTrash size={16} aria-hidden />,
    ...options,
  });
}
