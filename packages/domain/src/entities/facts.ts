import type { EntityFacts } from '../entity';

/**
 * What the catalogues read of each record kind declared with `defineEntity` (its permission group,
 * nouns, activity label, lookups), by name: plain data, kept apart from the schemas so that the
 * permission catalogue in the app's first script carries no schema code. One entry per entity,
 * beside its schemas' line in `entities/index.ts`.
 */
export const entityFacts = {
  equipment: {
    area: 'equipment',
    noun: { noun: 'المعدّة', gender: 'f' },
    plural: 'المعدات',
    activityLabel: 'معدّة',
    permissionLabel: 'معدات العملاء',
    lookups: ['customers'],
  },
  'customer-contract': {
    area: 'customerContract',
    noun: { noun: 'العقد', gender: 'm' },
    plural: 'عقود العملاء',
    activityLabel: 'عقد عميل',
    permissionLabel: 'عقود العملاء',
    lookups: ['customers', 'services', 'users', 'places'],
  },
  visit: {
    area: 'visit',
    noun: { noun: 'الزيارة', gender: 'f' },
    plural: 'الزيارات',
    activityLabel: 'زيارة',
    permissionLabel: 'الزيارات',
    lookups: ['customers', 'users', 'places', 'forms'],
    // A technician's: only the visits assigned to them, their steps, answers and photos.
    extraActions: { work: 'تنفيذ الزيارات المسندة إليه' },
  },
} as const satisfies Record<string, EntityFacts>;
