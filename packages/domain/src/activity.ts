import { entityActivityLabels } from './entities/catalogue';

/** Arabic words of the activity log: the screen and its export say the same (docs/API.md "Activity log"). */
export const activityActionLabels: Record<string, string> = {
  create: 'إضافة',
  update: 'تعديل',
  delete: 'حذف',
  signin: 'تسجيل دخول',
  signin_failed: 'محاولة دخول فاشلة',
  signout: 'تسجيل خروج',
  password_reset: 'استعادة كلمة المرور',
  password_change: 'تغيير كلمة المرور',
  password_change_failed: 'محاولة تغيير كلمة المرور فاشلة',
  export: 'تصدير',
  import: 'استيراد',
  backup_failed: 'فشل النسخ الاحتياطي',
};

/** What kind of record a row is about. */
export const activityEntityLabels: Record<string, string> = {
  ...entityActivityLabels,
  customer: 'عميل',
  user: 'مستخدم',
  city: 'مدينة',
  government: 'منطقة',
  service: 'خدمة',
  contract: 'نوع عقد',
  paymentMethod: 'طريقة دفع',
  order: 'طلب',
  payment: 'دفعة',
  form: 'نموذج',
  task: 'مهمة',
  message: 'رسالة واتساب',
  notification: 'إشعار',
  settings: 'الإعدادات',
  auth: 'الدخول',
  session: 'جلسة',
  backup: 'نسخة احتياطية',
  einvoice: 'فاتورة إلكترونية',
  report: 'تقرير',
  reminderRule: 'قاعدة تذكير',
};
