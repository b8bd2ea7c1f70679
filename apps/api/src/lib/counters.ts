import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { counters } from '../db/schema';

/**
 * The next number of a sequence (order numbers, invoice numbers), gap-free: the counter row stays
 * locked until the calling transaction ends, so concurrent callers queue, and a rollback gives the
 * number back instead of losing it (a PostgreSQL SEQUENCE would leave a gap).
 */
export async function nextNumber(
  tx: Tx,
  name: 'order' | 'invoice' | 'task' | 'einvoice' | 'customerContract' | 'visit',
): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row.value;
}
