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

/** The columns every stored record answers with. */
export const recordStamps = { createdAt: dateTimeOut, updatedAt: dateTimeOut };

/** A record's id (uuid). */
export const idOut = z.string();

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

/** A file, not JSON: the docs name its type; Fastify streams it untouched. */
export const fileOut = (contentType: string) =>
  z.any().meta({ type: 'string', format: 'binary', description: `file (${contentType})` });

/** No body (204). */
export const noContent = z.null().meta({ description: 'no content' });

/**
 * A list page. `fields=a,b` returns only those columns, so each row is described with every column
 * optional; without `fields` every column of `row` is present.
 */
export const listOf = <Row extends z.ZodObject>(row: Row) =>
  z.object({
    data: z.array(row.partial()).meta({ description: 'rows; with `fields=` only the named columns' }),
    total: z.number().int(),
    totalIsCapped: z.literal(true).optional().meta({
      description: 'present only when more rows matched than were counted: `total` is a lower bound',
    }),
    page: z.number().int(),
    limit: z.number().int(),
  });

/** The list page as the web reads it when it asks for whole rows (no `fields`). */
export interface ListPage<Row> {
  data: Row[];
  total: number;
  /** `total` is a lower bound ("more than"): more rows matched than the API counts. */
  totalIsCapped?: true;
  page: number;
  limit: number;
}
