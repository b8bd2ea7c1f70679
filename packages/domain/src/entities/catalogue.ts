import type { EntityLookup } from '../entity';
import { coreNouns, type EntityNoun } from '../grammar';
import { entityFacts } from './facts';

export { entityFacts };

type Facts = typeof entityFacts;
export type EntityName = keyof Facts;

const each = <T>(pick: (e: Facts[EntityName]) => T) =>
  Object.fromEntries(Object.entries(entityFacts).map(([name, e]) => [name, pick(e)])) as Record<
    EntityName,
    T
  >;

/** How sentences name each record kind (`agree` and `notFoundText` take one). */
export const entityNouns = {
  ...coreNouns,
  ...(each((e) => e.noun) as { [K in EntityName]: EntityNoun }),
};

/** The activity log's label of each entity, by the name its rows carry: the entity's area (`customerContract`). */
export const entityActivityLabels: Record<string, string> = Object.fromEntries(
  Object.values(entityFacts).map((e) => [e.area, e.activityLabel]),
);

type ExtraActions<F> = F extends { extraActions: infer A } ? keyof A & string : never;

/** The entities' permission groups, each with the five record actions and its own (`extraActions`). */
export const entityPermissionGroups = Object.values(entityFacts).map((e) => ({
  area: e.area,
  label: e.permissionLabel,
  actions: ['read', 'details', 'create', 'update', 'delete', ...Object.keys(extraActionsOf(e))],
})) as {
  [K in EntityName]: {
    area: Facts[K]['area'];
    label: string;
    actions: readonly ('read' | 'details' | 'create' | 'update' | 'delete' | ExtraActions<Facts[K]>)[];
  };
}[EntityName][];

function extraActionsOf(e: Facts[EntityName]): Readonly<Record<string, string>> {
  return 'extraActions' in e ? e.extraActions : {};
}

/** The labels of the entities' own actions (`work`: «تنفيذ الزيارات المسندة إليه»). */
export const entityActionLabels: Record<string, string> = Object.assign(
  {},
  ...Object.values(entityFacts).map(extraActionsOf),
);

/** Which lookups each entity's screens read, with the permissions that may therefore read them. */
export const entityLookupPermissions = Object.values(entityFacts).flatMap((e) =>
  (('lookups' in e ? e.lookups : []) as readonly EntityLookup[]).map((lookup) => ({
    lookup,
    permissions: [`${e.area}:read`, `${e.area}:create`, `${e.area}:update`] as const,
  })),
);
