import { activityActionLabels, activityEntityLabels } from '@idara/domain';
import { detailsPath, permissionOf } from '../../app/resource';
import { resources } from '../../app/resources';

/** Arabic labels and colours of the activity log; the words are the domain's (the export uses them too). */
const ACTION_COLORS: Record<string, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  signin: 'green',
  signin_failed: 'orange',
  signout: 'gray',
  password_reset: 'grape',
  password_change: 'violet',
  export: 'cyan',
  import: 'indigo',
  backup_failed: 'red',
};

export const ACTION_LABELS: Record<string, { label: string; color: string }> = Object.fromEntries(
  Object.entries(activityActionLabels).map(([action, label]) => [
    action,
    { label, color: ACTION_COLORS[action] ?? 'gray' },
  ]),
);

export const ENTITY_LABELS = activityEntityLabels;

/** Records with a details screen: the log links to them (a resource with details declares its own). */
export const ENTITY_ROUTES: Record<string, { path: (id: string) => string; permission: string }> = {
  ...Object.fromEntries(
    resources
      .filter((r) => r.hasDetails)
      .map((r) => [
        r.entity,
        { path: (id: string) => detailsPath(r, id), permission: permissionOf(r, 'details') },
      ]),
  ),
  customer: { path: (id) => `/dashboard/customer/${id}`, permission: 'customer:details' },
  user: { path: (id) => `/dashboard/user/${id}`, permission: 'user:details' },
  order: { path: (id) => `/dashboard/order/${id}`, permission: 'order:details' },
  payment: { path: (id) => `/dashboard/payment/${id}`, permission: 'payment:details' },
  einvoice: { path: (id) => `/dashboard/invoice/${id}`, permission: 'invoice:details' },
  form: { path: (id) => `/dashboard/formBuilder/edit/${id}`, permission: 'forms:update' },
  task: { path: (id) => `/tasks/${id}`, permission: 'task:read' },
};

/**
 * Arabic names of the fields the log records, in the order the timelines list a change's fields
 * (the log's drawer, the customer, order and user timelines).
 */
export const FIELD_LABELS: Record<string, string> = {
  name: 'الاسم',
  type: 'النوع',
  phoneNumber: 'رقم الجوال',
  whatsappNumber: 'رقم واتساب',
  email: 'البريد الإلكتروني',
  vatNumber: 'الرقم الضريبي',
  crNumber: 'رقم السجل التجاري',
  government: 'المنطقة',
  city: 'المدينة',
  buildingNumber: 'رقم المبنى',
  street: 'الشارع',
  district: 'الحي',
  postalCode: 'الرمز البريدي',
  additionalNumber: 'الرقم الإضافي',
  notes: 'ملاحظات',
  messageOptOuts: 'رسائل الزيارات التي أوقفها العميل',
  jobTitle: 'المسمى الوظيفي',
  role: 'الدور',
  permissions: 'الصلاحيات',
  active: 'الحالة',
  lastLoginAt: 'آخر دخول',
  description: 'الوصف',
  price: 'السعر',
  durationMonths: 'المدة بالأشهر',
  visits: 'عدد الزيارات',
  kind: 'النوع',
  details: 'التفاصيل',
  tax: 'نسبة الضريبة',
  address: 'العنوان',
  companyName: 'اسم المنشأة',
  businessCategory: 'نشاط المنشأة',
  branchName: 'اسم الفرع',
  vatGroupTin: 'رقم التعريف الضريبي للعضو',
  maintenanceMode: 'وضع الصيانة',
  newCustomer: 'إشعار العملاء الجدد',
  newOrder: 'إشعار الطلبات الجديدة',
  newPayment: 'إشعار المدفوعات الجديدة',
  payPayment: 'إشعار سداد المدفوعات',
  number: 'الرقم',
  orderNumber: 'رقم الطلب',
  customerName: 'العميل',
  cityName: 'المدينة',
  contractName: 'نوع العقد',
  status: 'الحالة',
  assignees: 'عدد المكلفين',
  scheduledAt: 'موعد التنفيذ',
  startDate: 'تاريخ البداية',
  endDate: 'تاريخ النهاية',
  items: 'البنود',
  subtotal: 'المجموع',
  discount: 'الخصم',
  taxAmount: 'الضريبة',
  total: 'الإجمالي',
  amount: 'المبلغ',
  paymentMethodName: 'طريقة الدفع',
  dueDate: 'تاريخ الاستحقاق',
  note: 'ملاحظة',
  rejectionReason: 'سبب الرفض',
  title: 'العنوان',
  version: 'الإصدار',
  fields: 'الحقول',
  assigneeName: 'الموظف',
  assignee: 'الموظف',
  dueAt: 'موعد الإنجاز',
  formTitle: 'النموذج',
  reviewNote: 'ملاحظة المراجعة',
  answered: 'الحقول المجابة',
  tasks: 'المهام',
  serialNumber: 'الرقم التسلسلي',
  model: 'الطراز',
  installedAt: 'تاريخ التركيب',
  warrantyUntil: 'نهاية الضمان',
  billing: 'الفوترة',
  billingPeriod: 'فترة الفوترة',
  equipment: 'عدد المعدات',
  durationMinutes: 'المدة بالدقائق',
  customerContractNumber: 'رقم العقد',
  sequence: 'ترتيبها في العقد',
  formName: 'نموذج الفحص',
  overrideReason: 'سبب تجاوز التعارض',
  doneAt: 'وقت الإنجاز',
};

/**
 * The log's names of `keys`, in that order, with a screen's own names over them (a form's
 * edit-conflict comparison names the fields as the form does).
 */
export function fieldLabelsOf(keys: string[], own: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, own[k] ?? FIELD_LABELS[k] ?? k]));
}

export const actionOptions = Object.entries(ACTION_LABELS).map(([value, { label }]) => ({ value, label }));
export const entityOptions = Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }));
