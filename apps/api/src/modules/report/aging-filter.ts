import { customerTypes, idSchema, normalizeArabic } from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

/** The customers an aging request selects: region, city, customer type and search. */
export const agingFilterQuery = z.object({
  government: idSchema.optional(),
  city: idSchema.optional(),
  type: z.enum(customerTypes, { message: 'نوع العميل غير صحيح' }).optional(),
  search: z.string().max(200, { message: 'نص البحث طويل جداً' }).optional(),
});
export type AgingFilter = z.output<typeof agingFilterQuery>;

/** The customers the filters select, as a condition on `customers c`. */
export function customerFilter(q: AgingFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (q.government) conditions.push(sql`c.government_id = ${q.government}`);
  if (q.city) conditions.push(sql`c.city_id = ${q.city}`);
  if (q.type) conditions.push(sql`c.type = ${q.type}`);
  for (const term of normalizeArabic(q.search ?? '')
    .split(' ')
    .filter(Boolean))
    conditions.push(sql`c.search_text like ${`%${term.replace(/[\\%_]/g, '\\$&')}%`}`);
  return sql.join(conditions, sql` and `);
}
