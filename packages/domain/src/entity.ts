import { z } from 'zod';
import type { EntityNoun } from './grammar';

/** The lookups (`GET /api/lookup/<kind>`) a record's screens may pick from. */
export type EntityLookup =
  | 'places'
  | 'services'
  | 'customers'
  | 'orders'
  | 'users'
  | 'forms'
  | 'paymentMethods';

/**
 * A record kind declared once, for both sides: its permission area and the words that name it, its
 * request body and its answer. `entities/index.ts` lists every one; the catalogues read them from
 * there (nouns, activity labels, permission groups and lookups, the resource screens' bodies and
 * rows), the API's `entityRoutes` and the web's resource file take the rest from it
 * (docs/ARCHITECTURE.md, "A new entity").
 */
/** What the catalogues read of an entity: plain data, so that the permission and word catalogues (in the app's first script) do not load its schemas. */
export interface EntityFacts<Area extends string = string> {
  /** The permission area and the activity log's entity: `<area>:read|details|create|update|delete`. */
  area: Area;
  /** How sentences name one record: «حذف المعدّة …», «المعدّة غير موجودة». */
  noun: EntityNoun;
  /** How a delete guard names several: «لارتباطه بـ 3 من المعدات». */
  plural: string;
  /** The activity log's word for the kind: «معدّة». */
  activityLabel: string;
  /** The permission matrix's group: «معدات العملاء». */
  permissionLabel: string;
  /** The lookups its screens pick from (a customer picker: `customers`): its editors may read them. */
  lookups?: readonly EntityLookup[];
  /** Permissions beyond the five record actions (`visit:work`: a technician's own visits), each with its label. */
  extraActions?: Readonly<Record<string, string>>;
}

export interface EntityDefinition<Area extends string, Body extends z.ZodType, Row extends z.ZodObject>
  extends EntityFacts<Area> {
  body: Body;
  /** The list's row; details and create/update answer it with the edit `version`. */
  row: Row;
}

const withVersion = <Shape extends z.ZodRawShape>(row: z.ZodObject<Shape>) =>
  row.extend({ version: z.number().int() });

/**
 * An entity's facts with its schemas: the body it accepts, the row it answers, and the record (the
 * row with its edit `version`). The schemas are built on first use, so that a bundle which reads
 * only the facts (the permission catalogue in the app's first script) carries no schema code.
 */
export function defineEntity<
  const Facts extends EntityFacts,
  Body extends z.ZodType,
  Shape extends z.ZodRawShape,
>(facts: Facts, schemas: () => { body: Body; row: z.ZodObject<Shape> }) {
  type Built = { body: Body; row: z.ZodObject<Shape>; record: ReturnType<typeof withVersion<Shape>> };
  let built: Built | undefined;
  const get = (): Built => {
    if (!built) {
      const { body, row } = schemas();
      built = { body, row, record: withVersion(row) };
    }
    return built;
  };
  return {
    ...facts,
    get body() {
      return get().body;
    },
    get row() {
      return get().row;
    },
    get record() {
      return get().record;
    },
  };
}
