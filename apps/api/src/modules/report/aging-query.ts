import { type SQL, sql } from 'drizzle-orm';
import { countedDocumentsSql } from '../invoice/counted';

/**
 * The receivables aging of packages/domain aging.ts in one SQL statement, per customer:
 * - each invoice and debit note is due on its Riyadh issue day (Idara has no payment terms yet:
 *   every document is due on receipt — the one place to change when terms arrive is `due` below);
 * - documents FATOORA rejected count nowhere;
 * - credit notes reduce the invoice they correct (up to its total), then its debit notes in issue
 *   order; what is left joins the payments;
 * - payments marked paid settle the rest oldest due first (running sum per customer);
 * - what stays open goes to its bucket by days past due on `today`; a customer in credit shows the
 *   negative balance as current.
 * Amounts are halalas (bigint). `where` filters customers (region, city, type, search).
 */
export function agingSql(today: string, where: SQL = sql`true`): SQL {
  return sql`
with docs as (
  select e.id, e.customer_id, e.kind, e.seq, e.corrects_id, e.total_halalas::bigint as amount,
         (e.issued_at at time zone 'Asia/Riyadh')::date as due
  from einvoices e join customers c on c.id = e.customer_id
  where ${where} and ${countedDocumentsSql('e')}
),
credited as (
  select corrects_id, sum(amount) as amount from docs where kind = 'credit' group by corrects_id
),
against_invoice as (
  select d.id, d.customer_id, d.seq, d.due, d.kind, d.corrects_id, d.amount,
         d.amount - least(d.amount, coalesce(cr.amount, 0)) as net,
         greatest(coalesce(cr.amount, 0) - d.amount, 0) as excess
  from docs d left join credited cr on cr.corrects_id = d.id
  where d.kind <> 'credit'
),
offset_notes as (
  -- credit beyond an invoice offsets that invoice's debit notes first, in issue order
  select n.id, n.corrects_id,
         least(n.amount, greatest(i.excess - coalesce(sum(n.amount) over (
           partition by n.corrects_id order by n.seq rows between unbounded preceding and 1 preceding), 0), 0)) as applied
  from against_invoice n join against_invoice i on i.id = n.corrects_id and i.kind = 'invoice'
  where n.kind = 'debit'
),
offset_sums as (
  select corrects_id, sum(applied) as applied from offset_notes group by corrects_id
),
debits as (
  select a.id, a.customer_id, a.seq, a.due,
         a.net - coalesce(o.applied, 0) as net,
         a.excess - coalesce(os.applied, 0) as excess
  from against_invoice a
  left join offset_notes o on o.id = a.id
  left join offset_sums os on os.corrects_id = a.id
),
stray as (
  -- credit notes whose invoice is not among this customer's debits (never expected; counted, not lost)
  select d.customer_id, sum(d.amount) as amount
  from docs d left join docs i on i.id = d.corrects_id and i.kind <> 'credit'
  where d.kind = 'credit' and i.id is null
  group by d.customer_id
),
paid as (
  select p.customer_id, sum(p.amount_halalas)::bigint as amount
  from payments p join customers c on c.id = p.customer_id
  where p.status = 'paid' and ${where}
  group by p.customer_id
),
debit_sums as (
  select customer_id, sum(net) as net, sum(excess) as excess from debits group by customer_id
),
customer_ids as (
  select customer_id from debit_sums union select customer_id from paid union select customer_id from stray
),
credit as (
  select k.customer_id,
         coalesce(pd.amount, 0) + coalesce(st.amount, 0) + coalesce(ds.excess, 0) as amount,
         coalesce(ds.net, 0) as net
  from customer_ids k
  left join debit_sums ds on ds.customer_id = k.customer_id
  left join paid pd on pd.customer_id = k.customer_id
  left join stray st on st.customer_id = k.customer_id
),
running as (
  select d.customer_id, d.due, d.net,
         sum(d.net) over (partition by d.customer_id order by d.due, d.seq rows unbounded preceding) as cum
  from debits d
),
open as (
  select r.customer_id, (${today}::date - r.due) as late,
         greatest(0, least(r.net, r.cum - cr.amount)) as amount
  from running r join credit cr on cr.customer_id = r.customer_id
),
buckets as (
  select customer_id,
    coalesce(sum(amount) filter (where late <= 0), 0) as current,
    coalesce(sum(amount) filter (where late between 1 and 30), 0) as days1to30,
    coalesce(sum(amount) filter (where late between 31 and 60), 0) as days31to60,
    coalesce(sum(amount) filter (where late between 61 and 90), 0) as days61to90,
    coalesce(sum(amount) filter (where late > 90), 0) as over90
  from open group by customer_id
),
balance as (
  select customer_id, net - amount as total from credit
)
select b.customer_id as customer,
       coalesce(bk.current, 0) + least(b.total, 0) as current,
       coalesce(bk.days1to30, 0) as days1to30,
       coalesce(bk.days31to60, 0) as days31to60,
       coalesce(bk.days61to90, 0) as days61to90,
       coalesce(bk.over90, 0) as over90,
       b.total
from balance b left join buckets bk on bk.customer_id = b.customer_id
where b.total <> 0`;
}
