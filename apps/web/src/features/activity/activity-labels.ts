/** Arabic labels and colours of the activity log (docs/API.md "Activity log"). */
export const ACTION_LABELS: Record<string, { label: string; color: string }> = {
  create: { label: 'إضافة', color: 'teal' },
  update: { label: 'تعديل', color: 'blue' },
  delete: { label: 'حذف', color: 'red' },
  signin: { label: 'تسجيل دخول', color: 'green' },
  signin_failed: { label: 'محاولة دخول فاشلة', color: 'orange' },
  signout: { label: 'تسجيل خروج', color: 'gray' },
  password_reset: { label: 'استعادة كلمة المرور', color: 'grape' },
  password_change: { label: 'تغيير كلمة المرور', color: 'violet' },
  export: { label: 'تصدير', color: 'cyan' },
  import: { label: 'استيراد', color: 'indigo' },
};

export const ENTITY_LABELS: Record<string, string> = {
  customer: 'عميل',
  user: 'مستخدم',
  city: 'مدينة',
  government: 'منطقة',
  service: 'خدمة',
  contract: 'نوع عقد',
  paymentMethod: 'طريقة دفع',
  order: 'طلب',
  payment: 'دفعة',
  settings: 'الإعدادات',
  auth: 'الدخول',
  session: 'جلسة',
};

/** Records with a details screen: the log links to them. */
export const ENTITY_ROUTES: Record<string, { path: (id: string) => string; permission: string }> = {
  customer: { path: (id) => `/dashboard/customer/${id}`, permission: 'customer:details' },
  user: { path: (id) => `/dashboard/user/${id}`, permission: 'user:details' },
  city: { path: (id) => `/dashboard/city/${id}`, permission: 'city:details' },
  government: { path: (id) => `/dashboard/government/${id}`, permission: 'gov:details' },
  contract: { path: (id) => `/dashboard/contract/${id}`, permission: 'contract:details' },
  order: { path: (id) => `/dashboard/order/${id}`, permission: 'order:details' },
  payment: { path: (id) => `/dashboard/payment/${id}`, permission: 'payment:details' },
};

/** Field names in the before/after changes. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'الاسم',
  description: 'الوصف',
  price: 'السعر',
  active: 'الحالة',
  government: 'المنطقة',
  city: 'المدينة',
  durationMonths: 'المدة بالأشهر',
  visits: 'عدد الزيارات',
  kind: 'النوع',
  details: 'التفاصيل',
  type: 'النوع',
  phoneNumber: 'رقم الجوال',
  whatsappNumber: 'رقم واتساب',
  email: 'البريد الإلكتروني',
  vatNumber: 'الرقم الضريبي',
  crNumber: 'السجل التجاري',
  buildingNumber: 'رقم المبنى',
  street: 'الشارع',
  district: 'الحي',
  postalCode: 'الرمز البريدي',
  additionalNumber: 'الرقم الإضافي',
  notes: 'ملاحظات',
  jobTitle: 'المسمى الوظيفي',
  role: 'الدور',
  permissions: 'الصلاحيات',
  companyName: 'اسم المنشأة',
  tax: 'الضريبة',
  address: 'العنوان',
  maintenanceMode: 'وضع الصيانة',
  lastLoginAt: 'آخر دخول',
};

export const actionOptions = Object.entries(ACTION_LABELS).map(([value, { label }]) => ({ value, label }));
export const entityOptions = Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }));
