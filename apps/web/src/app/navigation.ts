import type { User } from '@idara/domain';
import {
  IconBell,
  IconBrandWhatsapp,
  IconCash,
  IconChecklist,
  IconFileInvoice,
  IconForms,
  IconHistory,
  IconHome,
  IconLayoutKanban,
  IconListCheck,
  IconReceiptTax,
  IconReportAnalytics,
  IconReportMoney,
  IconSettings,
  IconShoppingCart,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { canOpen } from './access';
import type { NavGroupLabel } from './resource';
import { resources } from './resources';
import type { AppRoute } from './route-meta';
import { findRoute } from './routes';

type Icon = typeof IconHome;

export interface NavItem {
  path: string;
  label: string;
  icon: Icon;
  /** Short description for the home cards. */
  description?: string;
}

export interface NavGroup {
  label?: string;
  items: NavItem[];
}

/** The sidebar entries of the resources that join `group`. */
function resourceItems(group: NavGroupLabel): NavItem[] {
  return resources
    .filter((r) => r.nav.group === group)
    .map(({ base, nav }) => ({ path: base, label: nav.label, icon: nav.icon, description: nav.description }));
}

/** Sidebar groups; visibility comes from the route table through `canOpen`. */
export const navigation: NavGroup[] = [
  {
    items: [
      { path: '/', label: 'الرئيسية', icon: IconHome },
      { path: '/tasks', label: 'مهامي', icon: IconListCheck, description: 'المهام المسندة إليك' },
      { path: '/notification', label: 'الإشعارات', icon: IconBell },
    ],
  },
  {
    label: 'العمليات',
    items: [
      {
        path: '/dashboard/order',
        label: 'الطلبات',
        icon: IconShoppingCart,
        description: 'متابعة الطلبات وحالاتها',
      },
      {
        path: '/dashboard/task',
        label: 'المهام',
        icon: IconChecklist,
        description: 'إسناد المهام ومراجعتها',
      },
      { path: '/dashboard/payment', label: 'الحسابات', icon: IconCash, description: 'الدفعات والسندات' },
      {
        path: '/dashboard/invoice',
        label: 'الفواتير',
        icon: IconFileInvoice,
        description: 'الفواتير الضريبية والإشعارات',
      },
    ],
  },
  {
    label: 'الصيانة',
    items: [
      ...resourceItems('الصيانة'),
      {
        path: '/dashboard/dispatch',
        label: 'لوحة التوزيع',
        icon: IconLayoutKanban,
        description: 'توزيع الزيارات على الفنيين',
      },
    ],
  },
  {
    label: 'العملاء',
    items: [
      {
        path: '/dashboard/customer',
        label: 'العملاء',
        icon: IconUsersGroup,
        description: 'بيانات العملاء والتواصل',
      },
      {
        path: '/dashboard/whatsapp',
        label: 'صندوق واتساب',
        icon: IconBrandWhatsapp,
        description: 'رسائل من أرقام غير مسجلة',
      },
      ...resourceItems('العملاء'),
    ],
  },
  {
    label: 'التقارير',
    items: [
      {
        path: '/dashboard/report/aging',
        label: 'أعمار الذمم',
        icon: IconReportMoney,
        description: 'المستحق على كل عميل حسب مدة التأخير',
      },
      {
        path: '/dashboard/report/vat',
        label: 'إقرار ضريبة القيمة المضافة',
        icon: IconReceiptTax,
        description: 'مبيعات الفترة وضريبتها من المستندات الصادرة',
      },
      {
        path: '/dashboard/report/visits',
        label: 'تقرير الزيارات والعقود',
        icon: IconReportAnalytics,
        description: 'الزيارات المنجزة والفائتة وساعات الفنيين وإيراد العقود',
      },
    ],
  },
  {
    label: 'البيانات الأساسية',
    items: resourceItems('البيانات الأساسية'),
  },
  {
    label: 'الإدارة',
    items: [
      { path: '/dashboard/user', label: 'المستخدمون', icon: IconUsers, description: 'الحسابات والصلاحيات' },
      { path: '/dashboard/formBuilder', label: 'النماذج', icon: IconForms },
      { path: '/dashboard/activity', label: 'السجلات', icon: IconHistory, description: 'سجل العمليات' },
      { path: '/settings', label: 'الإعدادات', icon: IconSettings },
    ],
  },
];

function routeFor(item: NavItem): AppRoute {
  const route = findRoute(item.path);
  if (!route) throw new Error(`navigation item without a route: ${item.path}`);
  return route;
}

/** Groups with only the links this user may open; empty groups dropped. */
export function visibleNavigation(user: User | null): NavGroup[] {
  return navigation
    .map((g) => ({ ...g, items: g.items.filter((item) => canOpen(routeFor(item), user)) }))
    .filter((g) => g.items.length > 0);
}
