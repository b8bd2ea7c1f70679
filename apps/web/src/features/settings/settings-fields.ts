import type { Settings } from '@idara/domain';

export type NotificationToggle = 'newCustomer' | 'newOrder' | 'newPayment' | 'payPayment';

export const notificationToggles: { key: NotificationToggle; label: string; description: string }[] = [
  {
    key: 'newCustomer',
    label: 'إشعار عند إضافة عميل جديد',
    description: 'يصل إلى المستخدمين المعنيين بالعملاء',
  },
  { key: 'newOrder', label: 'إشعار عند إنشاء طلب جديد', description: 'يصل إلى المستخدمين المعنيين بالطلبات' },
  { key: 'newPayment', label: 'إشعار عند تسجيل دفعة جديدة', description: 'يصل إلى المحاسبين والمعتمدين' },
  { key: 'payPayment', label: 'إشعار عند سداد دفعة', description: 'يصل عند تحويل الدفعة إلى مدفوعة' },
];

export type SettingsForm = Settings;
