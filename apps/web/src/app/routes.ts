import { isRecordId } from '@idara/domain';
import { dashboardQuery } from '../features/home/dashboard-query';
import { authStore, can } from '../lib/auth';
import { resourceRoutes } from './resource';
import { resources } from './resources';
import type { AppRoute } from './route-meta';

/** `:id` must be a record id; anything else is a route validation failure (spec §5). */
const validId = (params: Record<string, string | undefined>) => isRecordId(params.id);

/** The route table: mirrors spec §2 (paths, titles, layouts) and §6 (permissions). */
export const routes: AppRoute[] = [
  {
    path: '/',
    title: 'الرئيسية',
    page: () => import('../features/home/HomePage'),
    prefetch: dashboardQuery,
  },
  {
    path: '/privacy',
    title: 'سياسة الخصوصية',
    layout: 'blank',
    notRequiredAuth: true,
    page: () => import('../features/privacy/PrivacyPage'),
  },
  {
    path: '/auth/signin',
    title: 'تسجيل الدخول',
    layout: 'blank',
    notRequiredAuth: true,
    guestOnly: true,
    page: () => import('../features/auth/SigninPage'),
  },
  {
    path: '/auth/forget-password',
    title: 'نسيت كلمة المرور',
    layout: 'blank',
    notRequiredAuth: true,
    guestOnly: true,
    page: () => import('../features/auth/ForgotPasswordPage'),
  },
  {
    path: '/auth/signinWithToken',
    title: 'الدخول بالرابط',
    layout: 'blank',
    notRequiredAuth: true,
    guestOnly: true,
    page: () => import('../features/auth/SigninWithTokenPage'),
  },
  { path: '/settings', title: 'الإعدادات', page: () => import('../features/settings/SettingsPage') },
  {
    path: '/tasks',
    title: 'مهامي',
    permissions: ['task:read'],
    // A technician's day (features/field) is fetched beside the page's code, not once that code has
    // run, and the page counts as loaded with it: its first render draws the day, where a section
    // still loading would show its fallback (and React holds content revealed after one ~300 ms).
    page: () =>
      Promise.all([
        import('../features/task/MyTasksPage'),
        can(authStore.get().user, ['visit:work']) &&
          import('../features/field/MyVisitsSection').catch(() => null),
      ]).then(([page]) => page),
  },
  {
    // The technician's visit on the phone (features/field); before `/tasks/:id`, which it is not.
    path: '/tasks/visit/:id',
    title: 'الزيارة',
    permissions: ['task:read'],
    validate: validId,
    page: () => import('../features/field/VisitWorkPage'),
  },
  {
    path: '/tasks/:id',
    title: 'تفاصيل المهمة',
    validate: validId,
    page: () => import('../features/task/TaskDetailsPage'),
  },
  { path: '/account/profile', title: 'الملف الشخصي', page: () => import('../features/account/ProfilePage') },
  {
    path: '/notification',
    title: 'الإشعارات',
    page: () => import('../features/notification/NotificationsPage'),
  },

  {
    path: '/dashboard/user',
    title: 'إدارة المستخدمين',
    permissions: ['user:read'],
    page: () => import('../features/user/UserListPage'),
  },
  {
    path: '/dashboard/user/new',
    title: 'إضافة مستخدم جديد',
    permissions: ['user:create'],
    page: () => import('../features/user/UserFormPage'),
  },
  {
    path: '/dashboard/user/:id',
    title: 'تفاصيل المستخدم',
    permissions: ['user:details'],
    validate: validId,
    page: () => import('../features/user/UserDetailsPage'),
  },
  {
    path: '/dashboard/user/edit/:id',
    title: 'تعديل المستخدم',
    permissions: ['user:update'],
    validate: validId,
    page: () => import('../features/user/UserFormPage'),
  },

  {
    path: '/dashboard/order',
    title: 'إدارة الطلبات',
    permissions: ['order:read'],
    page: () => import('../features/order/OrderListPage'),
  },
  {
    path: '/dashboard/order/new',
    title: 'طلب جديد',
    permissions: ['order:create'],
    page: () => import('../features/order/OrderFormPage'),
  },
  {
    path: '/dashboard/order/:id',
    title: 'تفاصيل الطلب',
    permissions: ['order:details'],
    validate: validId,
    page: () => import('../features/order/OrderDetailsPage'),
  },
  {
    path: '/dashboard/order/edit/:id',
    title: 'تعديل الطلب',
    permissions: ['order:update'],
    validate: validId,
    page: () => import('../features/order/OrderFormPage'),
  },

  {
    path: '/dashboard/task',
    title: 'المهام',
    permissions: ['task:read'],
    page: () => import('../features/task/TaskListPage'),
  },
  {
    path: '/dashboard/dispatch',
    title: 'لوحة التوزيع',
    permissions: ['visit:read'],
    page: () => import('../features/dispatch/DispatchPage'),
  },

  {
    path: '/dashboard/payment',
    title: 'إدارة الحسابات',
    permissions: ['payment:read'],
    page: () => import('../features/payment/PaymentListPage'),
  },
  {
    path: '/dashboard/payment/new',
    title: 'إضافة دفعة جديدة',
    permissions: ['payment:create'],
    page: () => import('../features/payment/PaymentFormPage'),
  },
  {
    path: '/dashboard/payment/:id',
    // A payment is a receipt (سند قبض); the tax invoice it pays has its own page, linked from it.
    title: 'سند القبض',
    permissions: ['payment:details'],
    validate: validId,
    page: () => import('../features/payment/InvoicePage'),
  },
  {
    path: '/dashboard/invoice',
    title: 'الفواتير الإلكترونية',
    permissions: ['invoice:read'],
    page: () => import('../features/invoice/EinvoiceListPage'),
  },
  {
    path: '/dashboard/invoice/:id',
    title: 'الفاتورة',
    permissions: ['invoice:details'],
    validate: validId,
    page: () => import('../features/invoice/EinvoicePage'),
  },
  {
    path: '/dashboard/report/aging',
    title: 'أعمار الذمم',
    permissions: ['report:aging'],
    page: () => import('../features/report/aging/AgingPage'),
  },
  {
    path: '/dashboard/report/vat',
    title: 'إقرار ضريبة القيمة المضافة',
    permissions: ['report:vat'],
    page: () => import('../features/report/vat/VatReturnPage'),
  },
  {
    path: '/dashboard/report/visits',
    title: 'تقرير الزيارات والعقود',
    permissions: ['report:visits'],
    page: () => import('../features/report/visits/VisitsReportPage'),
  },
  {
    path: '/dashboard/payment/edit/:id',
    title: 'تعديل الدفعة',
    permissions: ['payment:update'],
    validate: validId,
    page: () => import('../features/payment/PaymentFormPage'),
  },

  {
    path: '/dashboard/customer',
    title: 'إدارة العملاء',
    permissions: ['customer:read'],
    page: () => import('../features/customer/CustomerListPage'),
  },
  {
    path: '/dashboard/customer/new',
    title: 'إضافة عميل جديد',
    permissions: ['customer:create'],
    page: () => import('../features/customer/CustomerFormPage'),
  },
  {
    path: '/dashboard/customer/:id',
    title: 'تفاصيل العميل',
    permissions: ['customer:details'],
    validate: validId,
    page: () => import('../features/customer/CustomerDetailsPage'),
  },
  {
    path: '/dashboard/customer/:id/statement',
    title: 'كشف حساب العميل',
    permissions: ['report:aging'],
    validate: validId,
    page: () => import('../features/customer/statement/CustomerStatementPage'),
  },
  {
    path: '/dashboard/customer/edit/:id',
    title: 'تعديل بيانات العميل',
    permissions: ['customer:update'],
    validate: validId,
    page: () => import('../features/customer/CustomerFormPage'),
  },

  {
    path: '/dashboard/whatsapp',
    title: 'صندوق واتساب',
    permissions: ['customer:read:messages'],
    page: () => import('../features/whatsapp/InboxPage'),
  },
  {
    path: '/dashboard/whatsapp/:id',
    title: 'رسائل العميل',
    permissions: ['customer:read:messages'],
    validate: validId,
    page: () => import('../features/whatsapp/ConversationPage'),
  },

  {
    path: '/dashboard/activity',
    title: 'السجلات',
    listPermissions: ['activity:read'],
    page: () => import('../features/activity/ActivityPage'),
  },

  {
    path: '/dashboard/formBuilder',
    title: 'النماذج',
    permissions: ['forms:read'],
    page: () => import('../features/form/FormListPage'),
  },
  {
    path: '/dashboard/formBuilder/new',
    title: 'إضافة نموذج جديد',
    layout: 'blank',
    permissions: ['forms:create'],
    page: () => import('../features/form/builder/FormBuilderPage'),
  },
  {
    path: '/dashboard/formBuilder/edit/:id',
    title: 'تعديل النموذج',
    layout: 'blank',
    permissions: ['forms:update'],
    validate: validId,
    page: () => import('../features/form/builder/FormBuilderPage'),
  },

  // Every record screen set declared in app/resources.ts: its list, new, details and edit pages.
  ...resources.flatMap((resource) => resourceRoutes(resource, validId)),
];

export function findRoute(path: string): AppRoute | undefined {
  return routes.find((r) => r.path === path);
}
