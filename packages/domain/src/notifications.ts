import type { z } from 'zod';
import type { notificationOut } from './schemas/responses/notifications';
/** Notification types of spec §3; each carries an alert level and an Arabic label. */
export const notificationTypes = [
  'create',
  'update',
  'delete',
  'approved',
  'rejected',
  'export',
  'import',
  'auth',
  'ask',
  'paid',
  'message',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export type NotificationLevel = 'info' | 'success' | 'warning' | 'error';

export const notificationTypeMeta: Record<NotificationType, { label: string; level: NotificationLevel }> = {
  create: { label: 'إضافة', level: 'info' },
  update: { label: 'تعديل', level: 'info' },
  delete: { label: 'حذف', level: 'warning' },
  approved: { label: 'اعتماد', level: 'success' },
  rejected: { label: 'رفض', level: 'error' },
  export: { label: 'تصدير', level: 'info' },
  import: { label: 'استيراد', level: 'info' },
  auth: { label: 'دخول', level: 'warning' },
  ask: { label: 'طلب موافقة', level: 'warning' },
  paid: { label: 'سداد', level: 'success' },
  message: { label: 'رسالة', level: 'info' },
};

/** A notification as the API and the socket give it. */
export type NotificationItem = z.output<typeof notificationOut>;

/** Spec §9: the centre shows the latest 5, newest first. */
export const NOTIFICATION_CENTRE_LIMIT = 5;
export const NOTIFICATION_SOUND = '/sounds/notification.mp3';
