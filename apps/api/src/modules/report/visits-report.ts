import {
  addDays,
  daysBetween,
  FRIDAY,
  fromHalalas,
  openVisitStatuses,
  riyadhDayBounds,
  technicianDayMinutes,
  type VisitsReport,
  visitsReportOut,
  weekdayOfDay,
} from '@idara/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { RoutesPlugin } from '../../http/response-contract';
import { getSettings } from '../settings/service';
import { reportTags as tags } from './common';
import { issuedInSql, vatPeriodQuery } from './vat-period';

const open = sql.join(
  openVisitStatuses.map((s) => sql`${s}`),
  sql`, `,
);
const month = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Riyadh', 'YYYY-MM')`);

interface TechnicianRow {
  user: string;
  name: string;
  visits: number;
  booked: number;
  ratings: number;
  average: number | null;
}
interface ContractRatingRow {
  customerContract: string;
  number: number;
  customerName: string;
  ratings: number;
  average: number;
}
/** An average rating as the report shows it: one decimal. */
const roundRating = (n: number) => Math.round(n * 10) / 10;

/**
 * The field work of a period (Riyadh days `from`..`to`): visits due, done and missed per month, the
 * overdue ones, each technician's booked minutes against the working minutes and their customers'
 * ratings, the rated contracts (lowest first), contract revenue.
 */
export async function visitsReportFor(db: DbOrTx, from: string, to: string): Promise<VisitsReport> {
  const start = riyadhDayBounds(from).start;
  const end = riyadhDayBounds(to).end;
  const inPeriod = sql`scheduled_at >= ${start} and scheduled_at <= ${end}`;
  const [months, overdue, technicians, revenue, settings, ratings] = await Promise.all([
    db.execute(sql`
      select ${month('scheduled_at')} as month,
             count(*) filter (where status <> 'cancelled')::int as due,
             count(*) filter (where status = 'done')::int as done,
             count(*) filter (where status = 'missed')::int as missed
      from visits where ${inPeriod} group by 1 order by 1`),
    db.execute(sql`
      select count(*)::int as n from visits
      where ${inPeriod} and status in (${open})
        and scheduled_at + make_interval(mins => duration_minutes) < now()`),
    // Everyone booked in the period, and every active technician besides: an idle one is a row too.
    db.execute(sql`
      with booked as (
        select a.id as "user", count(*)::int as visits, sum(v.duration_minutes)::int as minutes
        from visits v cross join lateral unnest(v.assignees) as a(id)
        where ${inPeriod} and v.status not in ('cancelled', 'missed')
        group by a.id)
      , rated as (
        select t.id as "user", count(*)::int as n, avg(r.score)::float8 as average
        from visit_ratings r join visits v on v.id = r.visit_id
        cross join lateral unnest(r.technicians) as t(id)
        where ${inPeriod} group by t.id)
      select u.id as "user", u.name, coalesce(b.visits, 0)::int as visits, coalesce(b.minutes, 0)::int as booked,
             coalesce(r.n, 0)::int as ratings, r.average
      from users u left join booked b on b."user" = u.id left join rated r on r."user" = u.id
      where b."user" is not null or r."user" is not null or (u.active and u.role = 'technician')
      order by booked desc, u.name, u.id`),
    db.execute(sql`
      select ${month('einvoices.issued_at')} as month,
             sum(case when kind = 'credit' then -total_halalas else total_halalas end)::bigint as amount
      from einvoices join contract_bills on contract_bills.order_id = einvoices.order_id
      where ${issuedInSql(from, to)} group by 1 order by 1`),
    getSettings(db),
    db.execute(sql`
      select c.id as "customerContract", c.number, cu.name as "customerName",
             count(*)::int as ratings, avg(r.score)::float8 as average
      from visit_ratings r join visits v on v.id = r.visit_id
      join customer_contracts c on c.id = r.customer_contract_id
      join customers cu on cu.id = c.customer_id
      where ${inPeriod}
      group by c.id, c.number, cu.name
      order by average, c.number limit 100`),
  ]);
  const holidays = new Set(settings.holidays);
  let workingDays = 0;
  for (let d = 0; d <= daysBetween(from, to); d++) {
    const day = addDays(from, d);
    if (weekdayOfDay(day) !== FRIDAY && !holidays.has(day)) workingDays++;
  }
  return {
    from,
    to,
    months: months.rows as { month: string; due: number; done: number; missed: number }[],
    overdue: Number((overdue.rows[0] as { n: number }).n),
    technicians: (technicians.rows as TechnicianRow[]).map((t) => ({
      user: t.user,
      name: t.name,
      visits: Number(t.visits),
      bookedMinutes: Number(t.booked),
      availableMinutes: workingDays * technicianDayMinutes,
      ratings: Number(t.ratings),
      averageRating: t.average === null ? null : roundRating(Number(t.average)),
    })),
    contractRatings: (ratings.rows as ContractRatingRow[]).map((c) => ({
      customerContract: c.customerContract,
      number: Number(c.number),
      customerName: c.customerName,
      ratings: Number(c.ratings),
      averageRating: roundRating(Number(c.average)),
    })),
    contractRevenue: (revenue.rows as { month: string; amount: string }[]).map((r) => ({
      month: r.month,
      amount: fromHalalas(Number(r.amount)),
    })),
  };
}

/** `GET /api/report/visits` (docs/API.md «Visits report»). */
export const visitsReportRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/visits',
    {
      config: { permissions: ['report:visits'] },
      schema: { tags, querystring: vatPeriodQuery({}), response: { 200: visitsReportOut } },
    },
    (req) => visitsReportFor(app.db, req.query.from as string, req.query.to as string),
  );
};
