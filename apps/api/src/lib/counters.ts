import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { counters } from '../db/schema';

type CounterName = 'order' | 'invoice' | 'task' | 'einvoice' | 'customerContract' | 'visit';

/**
 * The next number of a sequence (order numbers, invoice numbers), gap-free: the counter row stays
 * locked until the calling transaction ends, so concurrent callers queue, and a rollback gives the
 * number back instead of losing it (a PostgreSQL SEQUENCE would leave a gap).
 */
export const nextNumber = (tx: Tx, name: CounterName) => nextNumbers(tx, name, 1);

/**
 * `count` consecutive numbers of a sequence in one statement (a contract's planned visits), gap-free
 * as `nextNumber`: the first of them.
 */
export async function nextNumbers(tx: Tx, name: CounterName, count: number): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ name, value: count })
    .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + ${count}` } })
    .returning({ value: counters.value });
  return row.value - count + 1;
}
