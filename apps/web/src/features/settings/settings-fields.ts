import type { Settings } from '@idara/domain';

export type NotificationToggle = 'newCustomer' | 'newOrder' | 'newPayment' | 'payPayment';

/** The four notification toggles of spec §3: each switches one kind of event notification on or off for everyone. */
export const notificationToggles: { key: NotificationToggle; label: string; description: string }[] = [
  {
    key: 'newCustomer',
    label: 'إشعار عند إضافة عميل جديد',
    description: 'إشعار المخوّلين بالاطلاع على العملاء عند إضافة عميل جديد',
  },
  {
    key: 'newOrder',
    label: 'إشعار عند إنشاء طلب جديد',
    description: 'إشعار المخوّلين بالاطلاع على الطلبات عند إنشاء طلب جديد',
  },
  {
    key: 'newPayment',
    label: 'إشعار عند تسجيل دفعة جديدة',
    description:
      'إشعار المخوّلين بالاطلاع على المدفوعات عند تسجيل دفعة جديدة (طلب الاعتماد يصل إلى المعتمدين دائماً)',
  },
  {
    key: 'payPayment',
    label: 'إشعار عند سداد دفعة',
    description: 'إشعار المخوّلين بالاطلاع على المدفوعات ومن سجّل الدفعة عند تحويلها إلى «مدفوعة»',
  },
];

export type SettingsForm = Settings;
