import type { z } from 'zod';
import type { EntityLookup } from '../entity';
import { coreNouns, type EntityNoun } from '../grammar';
import { equipment } from './equipment';

export type { Equipment } from './equipment';
export { equipment };

/**
 * Every record kind declared with `defineEntity` (one file each beside this one): adding one here
 * is its only registration in the domain. The catalogues below are read by the rest of the domain.
 */
export const entities = { equipment };

type Entities = typeof entities;
export type EntityName = keyof Entities;

const each = <T>(pick: (e: Entities[EntityName]) => T) =>
  Object.fromEntries(Object.entries(entities).map(([name, e]) => [name, pick(e)])) as Record<EntityName, T>;

/** How sentences name each record kind (`agree` and `notFoundText` take one). */
export const entityNouns = {
  ...coreNouns,
  ...(each((e) => e.noun) as { [K in EntityName]: EntityNoun }),
};

export const entityActivityLabels = each((e) => e.activityLabel);

/** The entities' permission groups, each with the five record actions. */
export const entityPermissionGroups = Object.values(entities).map((e) => ({
  area: e.area,
  label: e.permissionLabel,
  actions: ['read', 'details', 'create', 'update', 'delete'] as const,
})) as {
  [K in EntityName]: {
    area: Entities[K]['area'];
    label: string;
    actions: readonly ['read', 'details', 'create', 'update', 'delete'];
  };
}[EntityName][];

/** Which lookups each entity's screens read, with the permissions that may therefore read them. */
export const entityLookupPermissions = Object.values(entities).flatMap((e) =>
  (('lookups' in e ? e.lookups : []) as EntityLookup[]).map((lookup) => ({
    lookup,
    permissions: [`${e.area}:read`, `${e.area}:create`, `${e.area}:update`] as const,
  })),
);

export const entityBodies = each((e) => e.body) as { [K in EntityName]: Entities[K]['body'] };
export type EntityRows = { [K in EntityName]: z.output<Entities[K]['row']> };
