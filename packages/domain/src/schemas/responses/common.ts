import { z } from 'zod';

/**
 * Response schemas describe the JSON on the wire: what the web receives (`z.output`) and what
 * /api/docs shows. The server may hand the serializer richer values (a `Date` for a timestamp),
 * which is what `z.input` allows.
 */

/** A moment: the server may give a `Date`, the wire carries ISO 8601 with its offset. */
export const dateTimeOut = z
  .union([z.date(), z.string()])
  .transform((v) => (typeof v === 'string' ? v : v.toISOString()))
  .pipe(z.string().meta({ format: 'date-time' }));

/** A record's id (uuid). */
export const idOut = z.string();

/** The columns every stored record answers with. */
export const recordStamps = { createdAt: dateTimeOut, updatedAt: dateTimeOut };

/** A stored record's row, named `id` in the API docs: its id first, the given columns, its stamps last. */
export const storedRowOut = <Shape extends z.ZodRawShape>(id: string, shape: Shape) =>
  z.object({ _id: idOut, ...shape, ...recordStamps }).meta({ id });

/** A record's details (and create/update answers) add its edit version (the ETag). */
export const withVersion = <Shape extends z.ZodRawShape>(row: z.ZodObject<Shape>) =>
  row.extend({ version: z.number().int() });

/** Money as the API writes it: a two-place decimal string ("150.00"). */
export const moneyOut = z.string().meta({ description: 'SAR, two decimal places, e.g. "150.00"' });

/** The Saudi national address, all six parts (the seller's, a standard buyer's). */
export const nationalAddressOut = z.object({
  buildingNumber: z.string(),
  street: z.string(),
  district: z.string(),
  city: z.string(),
  postalCode: z.string(),
  additionalNumber: z.string(),
});

/** Every refusal (4xx) and failure (5xx) answers this: an Arabic message, maybe per-field errors. */
export const errorResponse = z
  .looseObject({
    message: z.string(),
    errors: z.array(z.string()).optional(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    action: z.literal('clearToken').optional(),
    /** 503 while the administrator has the app in maintenance mode. */
    maintenance: z.boolean().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.output<typeof errorResponse>;

/** `{ message }`: what a delete, a bulk delete or an action answers. */
export const messageOut = z.object({ message: z.string() });
export type MessageAnswer = z.output<typeof messageOut>;

const files = new Map<string, z.ZodAny>();
/**
 * A file, not JSON: the docs name its type; Fastify streams it untouched. One schema per content
 * type, so a route's declaration and the route map (`routes.ts`) hold the same object.
 */
export const fileOut = (contentType: string): z.ZodAny => {
  let schema = files.get(contentType);
  if (!schema) {
    schema = z.any().meta({ type: 'string', format: 'binary', description: `file (${contentType})` });
    files.set(contentType, schema);
  }
  return schema;
};

/** No body (204). */
export const noContent = z.null().meta({ description: 'no content' });

/** Names, at the type level only, the whole row a list page's `data` holds (maybe partial) copies of. */
declare const wholeRow: unique symbol;

const listPage = <Row extends z.ZodObject, Extra extends z.ZodRawShape>(row: Row, extra: Extra) =>
  z.object({
    data: z.array(row.partial()).meta({ description: 'rows; with `fields=` only the named columns' }),
    total: z.number().int(),
    totalIsCapped: z.literal(true).optional().meta({
      description: 'present only when more rows matched than were counted: `total` is a lower bound',
    }),
    page: z.number().int(),
    limit: z.number().int(),
    ...extra,
  });

/**
 * A list page's schema. Its type also names the whole row (a property no value has), so the web
 * client can type an answer asked without `fields=` with whole rows (`ListSchemaRow`).
 */
export type ListSchema<
  Row extends z.ZodObject,
  Extra extends z.ZodRawShape = Record<never, never>,
> = ReturnType<typeof listPage<Row, Extra>> & { readonly [wholeRow]: Row };
/** The whole row of a list page's schema; never for any other schema. */
export type ListSchemaRow<S> = S extends { readonly [wholeRow]: infer Row extends z.ZodObject } ? Row : never;

const lists = new WeakMap<z.ZodObject, z.ZodObject>();
/**
 * A list page. `fields=a,b` returns only those columns, so each row is described with every column
 * optional; without `fields` every column of `row` is present. `extra`: what the page adds (totals).
 * One schema per row (without `extra`), so a route building its list and the route map
 * (`routes.ts`) hold the same object.
 */
export function listOf<Row extends z.ZodObject, Extra extends z.ZodRawShape = Record<never, never>>(
  row: Row,
  extra?: Extra,
): ListSchema<Row, Extra> {
  if (extra) return listPage(row, extra) as ListSchema<Row, Extra>;
  let list = lists.get(row);
  if (!list) {
    list = listPage(row, {});
    lists.set(row, list);
  }
  return list as ListSchema<Row, Extra>;
}

const recordLists = new WeakMap<z.ZodObject, z.ZodObject>();
/** The list of a record type (`crudRoutes`): its details' columns without the edit `version`. */
export function recordListOf<Shape extends z.ZodRawShape & { version: z.ZodType }>(
  record: z.ZodObject<Shape>,
): ListSchema<z.ZodObject<Omit<Shape, 'version'>>> {
  let list = recordLists.get(record);
  if (!list) {
    list = listOf((record as z.ZodObject).omit({ version: true }));
    recordLists.set(record, list);
  }
  return list as ListSchema<z.ZodObject<Omit<Shape, 'version'>>>;
}

/** The list page as the web reads it when it asks for whole rows (no `fields`). */
export interface ListPage<Row> {
  data: Row[];
  total: number;
  /** `total` is a lower bound ("more than"): more rows matched than the API counts. */
  totalIsCapped?: true;
  page: number;
  limit: number;
}
