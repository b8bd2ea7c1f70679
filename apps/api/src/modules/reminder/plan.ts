import {
  type AgingDocument,
  openAmounts,
  planReminders,
  type ReminderDocument,
  type ReminderRule,
  reminderKey,
  riyadhDayOf,
} from '@idara/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reminderRules, reminderSends } from '../../db/schema';
import { agingSql } from '../report/aging-query';

export async function enabledRules(db: DbOrTx): Promise<ReminderRule[]> {
  const rows = await db.select().from(reminderRules).where(eq(reminderRules.enabled, true));
  return rows.map((r) => ({ ...r, id: r._id }));
}

/**
 * The open debits of every customer with something past due, as the reminder rule sees them: due on
 * their Riyadh issue day, open for what the aging rule (`openAmounts`, the same as GET
 * /api/report/aging) leaves unpaid. Only customers the aging SQL finds past due are loaded — a
 * reminder is never due on the issue day — so a tick reads the overdue few, not every document.
 */
async function openDocuments(db: DbOrTx, today: string): Promise<ReminderDocument[]> {
  const { rows } = await db.execute(sql`
    with overdue as (
      select a.customer from (${agingSql(today)}) a where a.total - a.current > 0
    ),
    paid as (
      select p.customer_id, sum(p.amount_halalas)::bigint as paid from payments p
      where p.status = 'paid' and p.customer_id in (select customer from overdue)
      group by p.customer_id
    )
    select e.id, e.kind, e.seq, e.corrects_id, e.total_halalas::bigint as amount, e.number,
           e.order_number, e.customer_id, c.name as customer_name, c.whatsapp_number,
           c.reminders_stopped,
           to_char((e.issued_at at time zone 'Asia/Riyadh')::date, 'YYYY-MM-DD') as due,
           coalesce(paid.paid, 0)::bigint as paid
    from einvoices e join customers c on c.id = e.customer_id
    left join paid on paid.customer_id = e.customer_id
    where e.customer_id in (select customer from overdue)
    order by c.name, e.customer_id, e.seq`);
  const byCustomer = new Map<string, Record<string, unknown>[]>();
  for (const row of rows as Record<string, unknown>[]) {
    const list = byCustomer.get(String(row.customer_id)) ?? [];
    list.push(row);
    byCustomer.set(String(row.customer_id), list);
  }
  const documents: ReminderDocument[] = [];
  for (const list of byCustomer.values()) {
    const aging: AgingDocument[] = list.map((r) => ({
      id: String(r.id),
      kind: r.kind as AgingDocument['kind'],
      seq: Number(r.seq),
      due: String(r.due),
      amount: Number(r.amount),
      corrects: r.corrects_id ? String(r.corrects_id) : null,
    }));
    const open = openAmounts(aging, Number(list[0].paid));
    for (const r of list) {
      const amount = open.get(String(r.id));
      if (!amount) continue;
      documents.push({
        einvoice: String(r.id),
        number: String(r.number),
        orderNumber: Number(r.order_number),
        customer: String(r.customer_id),
        customerName: String(r.customer_name),
        due: String(r.due),
        open: amount,
        whatsapp: String(r.whatsapp_number ?? ''),
        remindersStopped: Boolean(r.reminders_stopped),
      });
    }
  }
  return documents;
}

/** Today's plan (packages/domain reminders.ts) from the database at `now`. */
export async function loadPlan(db: DbOrTx, now: Date, rules?: ReminderRule[]) {
  const active = rules ?? (await enabledRules(db));
  if (active.length === 0) return planReminders([], [], new Set(), now);
  const documents = await openDocuments(db, riyadhDayOf(now));
  const sent = await db
    .select({
      rule: reminderSends.rule,
      einvoice: reminderSends.einvoice,
      occurrence: reminderSends.occurrence,
    })
    .from(reminderSends)
    .where(
      inArray(
        reminderSends.rule,
        active.map((r) => r.id),
      ),
    );
  const keys = new Set(sent.map((s) => reminderKey(s.rule, s.einvoice, s.occurrence)));
  return planReminders(active, documents, keys, now);
}
