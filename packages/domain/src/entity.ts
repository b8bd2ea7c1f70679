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
export interface EntityDefinition<Area extends string, Body extends z.ZodType, Row extends z.ZodObject> {
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
  lookups?: EntityLookup[];
  body: Body;
  /** The list's row; details and create/update answer it with the edit `version`. */
  row: Row;
}

export function defineEntity<const Area extends string, Body extends z.ZodType, Shape extends z.ZodRawShape>(
  definition: EntityDefinition<Area, Body, z.ZodObject<Shape>>,
) {
  return { ...definition, record: definition.row.extend({ version: z.number().int() }) };
}
