import { entityActionLabels, entityLookupPermissions, entityPermissionGroups } from './entities/catalogue';
import type { EntityLookup } from './entity';

/**
 * The one permission catalogue. The spec's strings (§6) are kept exactly; the rest follow
 * the same `<resource>:<action>` style (design.md §6).
 */
const crud = ['read', 'details', 'create', 'update', 'delete'] as const;

const coreGroups = [
  { area: 'user', label: 'المستخدمون', actions: crud },
  { area: 'customer', label: 'العملاء', actions: [...crud, 'read:messages', 'send:messages'] },
  { area: 'order', label: 'الطلبات', actions: crud },
  { area: 'payment', label: 'الحسابات والفواتير', actions: [...crud, 'approve'] },
  {
    area: 'invoice',
    label: 'الفواتير الإلكترونية',
    actions: ['read', 'details', 'issue', 'credit', 'debit', 'onboard'],
  },
  { area: 'service', label: 'الخدمات', actions: crud },
  { area: 'contract', label: 'أنواع العقود', actions: crud },
  { area: 'city', label: 'المدن', actions: crud },
  { area: 'gov', label: 'المناطق', actions: crud },
  { area: 'paymentMethod', label: 'طرق الدفع', actions: crud },
  { area: 'forms', label: 'النماذج', actions: crud },
  { area: 'task', label: 'المهام', actions: crud },
  { area: 'report', label: 'التقارير', actions: ['aging', 'vat', 'visits'] },
  { area: 'activity', label: 'السجلات', actions: ['read'] },
  { area: 'settings', label: 'الإعدادات', actions: ['update'] },
] as const;

/** The catalogue's groups: the core ones, then each entity's (`entities/index.ts`). */
export const permissionGroups = [...coreGroups, ...entityPermissionGroups];

export const actionLabels: Record<string, string> = {
  read: 'عرض القائمة',
  details: 'عرض التفاصيل',
  create: 'إضافة',
  update: 'تعديل',
  delete: 'حذف',
  approve: 'اعتماد',
  'read:messages': 'قراءة الرسائل',
  'send:messages': 'إرسال الرسائل',
  issue: 'إصدار',
  credit: 'إشعار دائن',
  debit: 'إشعار مدين',
  onboard: 'الربط مع فاتورة',
  aging: 'أعمار الذمم',
  vat: 'إقرار ضريبة القيمة المضافة',
  visits: 'تقرير الزيارات والعقود',
  ...entityActionLabels,
};

type Group = (typeof permissionGroups)[number];
/** A permission area (`customer`, `order`, …). */
export type PermissionArea = Group['area'];
/** Every permission of the catalogue: a misspelt one does not compile. */
export type Permission = { [G in Group as G['area']]: `${G['area']}:${G['actions'][number]}` }[Group['area']];

export const allPermissions = permissionGroups.flatMap((g) =>
  g.actions.map((a) => `${g.area}:${a}` as Permission),
);

export function isKnownPermission(p: string): p is Permission {
  return (allPermissions as string[]).includes(p);
}

export function hasAll(userPermissions: readonly string[] | undefined, required: readonly string[] = []) {
  if (required.length === 0) return true;
  if (!userPermissions) return false;
  return required.every((p) => userPermissions.includes(p));
}

/**
 * Who may read the reference data a screen needs to show and filter its own records
 * (`GET /api/lookup/<kind>`): a `customer:read` holder sees city names, an `order:create` holder
 * picks services, a `task:create` holder picks an employee — without the right to manage them.
 * The server guards each lookup with its list; the web asks only when the user holds one.
 */
const customerScreens: Permission[] = [
  'customer:read',
  'customer:details',
  'customer:create',
  'customer:update',
];
const orderScreens: Permission[] = ['order:read', 'order:details', 'order:create', 'order:update'];
const taskEditors: Permission[] = ['task:create', 'task:update'];
const coreLookups = {
  places: ['gov:read', 'city:read', ...customerScreens, ...orderScreens],
  services: ['service:read', 'contract:read', 'order:read', 'order:create', 'order:update'],
  customers: ['customer:read', 'order:read', 'order:create', 'order:update', ...taskEditors],
  orders: ['order:read', 'payment:create', 'payment:update', ...taskEditors],
  users: ['user:read', ...taskEditors],
  forms: ['forms:read', 'service:create', 'service:update', ...taskEditors],
  paymentMethods: ['paymentMethod:read', 'payment:read', 'payment:create', 'payment:update'],
} satisfies Record<EntityLookup, Permission[]>;
/** Each lookup with the core readers, and the editors of every entity whose screens pick from it. */
export const lookupPermissions = Object.fromEntries(
  Object.entries(coreLookups).map(([lookup, readers]) => [
    lookup,
    [
      ...readers,
      ...entityLookupPermissions
        .filter((l) => l.lookup === lookup)
        .flatMap((l) => l.permissions as readonly Permission[]),
    ],
  ]),
) as Record<EntityLookup, Permission[]>;

export function holdsAny(userPermissions: readonly string[] | undefined, any: readonly string[]) {
  return any.some((p) => userPermissions?.includes(p));
}

const readOnly = (areas: Group['area'][]) =>
  areas.flatMap((a) => [`${a}:read`, `${a}:details`] as Permission[]);

/**
 * Roles are named permission presets, as a Saudi service company staffs itself; a user's own list
 * is stored on the user and editable. `description` is what the role picker says each is for.
 */
export const rolePresets: Record<string, { label: string; description: string; permissions: Permission[] }> =
  {
    admin: {
      label: 'مدير النظام',
      description: 'كل الصلاحيات: المستخدمون والإعدادات والربط مع «فاتورة» والحذف',
      permissions: allPermissions,
    },
    manager: {
      label: 'مدير',
      description:
        'يدير العمل كله: العملاء والطلبات والحسابات والمهام والتقارير، دون المستخدمين والإعدادات والحذف',
      permissions: allPermissions
        .filter((p) => !p.startsWith('user:') && p !== 'settings:update' && !p.endsWith(':delete'))
        .concat(['user:read', 'user:details']),
    },
    accountant: {
      label: 'محاسب',
      description:
        'الدفعات واعتمادها، الفواتير والإشعارات، كشوف الحساب وإرسالها عبر واتساب، أعمار الذمم وإقرار الضريبة',
      permissions: [
        ...readOnly([
          'customer',
          'order',
          'service',
          'contract',
          'city',
          'gov',
          'paymentMethod',
          'equipment',
          'customerContract',
        ]),
        'customer:read:messages',
        'customer:send:messages',
        'payment:read',
        'payment:details',
        'payment:create',
        'payment:update',
        'payment:approve',
        'invoice:read',
        'invoice:details',
        'invoice:issue',
        'invoice:credit',
        'invoice:debit',
        'invoice:onboard',
        'report:aging',
        'report:vat',
        'task:read',
        'user:read',
      ],
    },
    employee: {
      label: 'موظف استقبال',
      description:
        'يستقبل العملاء: يضيفهم ويحادثهم عبر واتساب، ينشئ الطلبات، يسجّل الدفعات، وينشئ المهام ويسندها',
      permissions: [
        'customer:read',
        'customer:details',
        'customer:create',
        'customer:update',
        'customer:read:messages',
        'customer:send:messages',
        'order:read',
        'order:details',
        'order:create',
        'order:update',
        'payment:read',
        'payment:details',
        'payment:create',
        'task:read',
        'task:details',
        'task:create',
        'task:update',
        'equipment:read',
        'equipment:details',
        'equipment:create',
        'equipment:update',
        'customerContract:read',
        'customerContract:details',
        'customerContract:create',
        'customerContract:update',
        'visit:read',
        'visit:details',
        'visit:create',
        'visit:update',
        ...readOnly(['service', 'city', 'gov', 'paymentMethod']),
        'forms:read',
      ],
    },
    technician: {
      label: 'فني',
      description:
        'يرى المهام والزيارات المسندة إليه وحدها وينجزها: يسجّل خطوات الزيارة ويعبّئ النماذج ويرفق الصور والتوقيع',
      permissions: ['task:read', 'visit:work'],
    },
  };

export const roleNames = Object.keys(rolePresets);

/**
 * What acting on a user touches: an admin by role stands for every permission (the last-admin
 * rules count them as admins whatever their list says).
 */
export function authorityOf(user: { role: string; permissions: readonly string[] }): readonly string[] {
  return user.role === 'admin' ? allPermissions : user.permissions;
}

/**
 * Permissions in `wanted` that `held` lacks. Acting on a user (changing them, deleting them, making
 * them a sign-in link) or granting permissions is allowed only when this is empty: anything else
 * would let the actor become, or make, someone stronger than themselves.
 */
export function permissionsBeyond(held: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((p) => !held.includes(p));
}

/** Whether `actor` may act on `target`: only on users who hold nothing the actor lacks. */
export function mayActOnUser(
  actor: { permissions: readonly string[] },
  target: { role: string; permissions: readonly string[] },
): boolean {
  return permissionsBeyond(actor.permissions, authorityOf(target)).length === 0;
}
