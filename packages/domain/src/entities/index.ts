import type { z } from 'zod';
import { customerContract } from './customer-contract';
import { equipment } from './equipment';
import { visit } from './visit';

export * from './catalogue';
export * from './customer-contract';
export * from './equipment';
export * from './site';
export * from './visit';

/**
 * Every record kind declared with `defineEntity`, one file each beside this one, by name: these
 * are its schemas (its facts are in `facts.ts`). The API registers `modules/<name>/routes.ts` for
 * each, the web's resource screens take their bodies from here.
 */
export const entities = { equipment, 'customer-contract': customerContract, visit };

type Entities = typeof entities;

/** Each entity's body by name (`recordBodies`). */
export const entityBodiesOf = () =>
  Object.fromEntries(Object.entries(entities).map(([name, e]) => [name, e.body])) as {
    [K in keyof Entities]: Entities[K]['body'];
  };
export type EntityRows = { [K in keyof Entities]: z.output<Entities[K]['row']> };
