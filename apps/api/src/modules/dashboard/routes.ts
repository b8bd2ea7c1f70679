import {
  dashboardOut,
  fromHalalas,
  hijriMonthRange,
  orderStatuses,
  orderStatusLabels,
  riyadhDayBounds,
  riyadhDayOf,
  riyadhMonthStart,
  startOfRiyadhDay,
  taskOpenStatuses,
} from '@idara/domain';
import { and, asc, desc, eq, gt, gte, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  activity,
  customers,
  dashboardOrderStatus,
  dashboardPaidDays,
  dashboardServiceSales,
  orders,
  tasks,
} from '../../db/schema';
import { guarded } from '../../http/guarded';
import type { RoutesPlugin } from '../../http/response-contract';

const gregorianMonthLabel = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The dashboard's queries as Drizzle builders (the bench runs the same SQL through the bare driver). */
export function dashboardQueries(db: DbOrTx, now: Date) {
  const hijri = hijriMonthRange(now);
  const months = Array.from({ length: 13 }, (_, i) => riyadhMonthStart(now, 12 - i)).slice(1);
  const monthEnd = riyadhMonthStart(now, -1);
  const bounds = [...months, monthEnd];
  // Every bound is a Riyadh midnight, so whole Riyadh days add up to the same sum as the payments.
  const paidIn = (start: Date, end: Date) =>
    sql<string>`coalesce(sum(${dashboardPaidDays.amount}) filter (where ${dashboardPaidDays.day} >= ${riyadhDayOf(start)} and ${dashboardPaidDays.day} < ${riyadhDayOf(end)}), 0)`;
  const from = new Date(Math.min(hijri.start.getTime(), months[0].getTime()));
  return {
    hijri,
    months,
    /** Orders per status with what is outstanding on them (packages/domain receivables.ts). */
    byStatus: db
      .select({
        status: dashboardOrderStatus.status,
        count: sql<number>`${dashboardOrderStatus.orders}::int`,
        outstanding: sql<string>`${dashboardOrderStatus.outstanding}::text`,
      })
      .from(dashboardOrderStatus)
      .where(ne(dashboardOrderStatus.orders, 0)),
    today: db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(gte(orders.createdAt, startOfRiyadhDay(now))),
    topServices: db
      .select({
        service: dashboardServiceSales.service,
        name: sql<string>`min(${dashboardServiceSales.name})`,
        quantity: sql<number>`sum(${dashboardServiceSales.quantity})::float8`,
        amount: sql<string>`sum(${dashboardServiceSales.lineTotal})`,
      })
      .from(dashboardServiceSales)
      .where(gt(dashboardServiceSales.lines, 0))
      .groupBy(dashboardServiceSales.service)
      .orderBy(desc(sql`sum(${dashboardServiceSales.lineTotal})`))
      .limit(5),
    /** Paid revenue per Riyadh month for 12 months, and in the current Hijri month, from paid days. */
    revenue: db
      .select({
        hijriMonth: paidIn(hijri.start, hijri.end),
        ...Object.fromEntries(months.map((m, i) => [`m${i}`, paidIn(m, bounds[i + 1])])),
      })
      .from(dashboardPaidDays)
      .where(gte(dashboardPaidDays.day, riyadhDayOf(from))),
    recentActivity: db
      .select({
        _id: activity._id,
        summary: activity.summary,
        actorName: activity.actorName,
        action: activity.action,
        entity: activity.entity,
        entityId: activity.entityId,
        createdAt: activity.createdAt,
      })
      .from(activity)
      .orderBy(desc(activity.createdAt))
      .limit(8),
  };
}

/** The signed-in user's open tasks: counts and the five due soonest. */
async function myTasks(db: DbOrTx, userId: string, now: Date) {
  const mine = and(eq(tasks.assignee, userId), inArray(tasks.status, [...taskOpenStatuses]));
  const [[counts], items] = await Promise.all([
    db
      .select({
        open: sql<number>`count(*)::int`,
        overdue: sql<number>`(count(*) filter (where ${tasks.dueAt} < ${now}))::int`,
      })
      .from(tasks)
      .where(mine),
    db
      .select({
        _id: tasks._id,
        number: tasks.number,
        title: tasks.title,
        status: tasks.status,
        dueAt: tasks.dueAt,
        customerName: customers.name,
      })
      .from(tasks)
      .leftJoin(customers, eq(customers._id, tasks.customer))
      .where(mine)
      .orderBy(sql`${tasks.dueAt} asc nulls last`, asc(tasks.number))
      .limit(5),
  ]);
  return { ...counts, items };
}

/** The home screen's data for a user with these permissions; parts they may not read are left out. */
export async function dashboardData(
  db: DbOrTx,
  permissions: readonly string[],
  now = new Date(),
  userId?: string,
) {
  const can = (p: string) => permissions.includes(p);
  const q = dashboardQueries(db, now);
  const cards: Record<string, unknown> = {};
  const out: Record<string, unknown> = { cards };
  const canOrders = can('order:read');
  const canPayments = can('payment:read');
  const [byStatus, today, top, revenue, recent] = await Promise.all([
    canOrders || canPayments ? q.byStatus : undefined,
    canOrders ? q.today : undefined,
    canOrders ? q.topServices : undefined,
    canPayments ? q.revenue : undefined,
    can('activity:read') ? q.recentActivity : undefined,
  ]);
  const counts = new Map((byStatus ?? []).map((r) => [r.status, r]));
  if (canOrders) {
    cards.ordersToday = today![0].n;
    cards.openOrders = (counts.get('new')?.count ?? 0) + (counts.get('in_progress')?.count ?? 0);
    out.ordersByStatus = orderStatuses.map((status) => ({
      status,
      label: orderStatusLabels[status],
      count: counts.get(status)?.count ?? 0,
    }));
    out.topServices = top!.map((t) => ({ ...t, amount: fromHalalas(Number(t.amount)) }));
  }
  if (canPayments) {
    // What customers owe on issued documents, net of overpayments: the same figure as the orders'.
    const outstanding = orderStatuses.reduce((s, st) => s + Number(counts.get(st)?.outstanding ?? 0), 0);
    cards.unpaidBalance = fromHalalas(outstanding);
    const r = revenue![0] as Record<string, string>;
    cards.revenueHijriMonth = {
      amount: fromHalalas(Number(r.hijriMonth)),
      label: `${q.hijri.monthName} ${q.hijri.year} هـ`,
    };
    // A month's start is noon-safe for its label: the 1st at 00:00 Riyadh, formatted at its noon.
    const monthLabel = (m: Date) => gregorianMonthLabel.format(riyadhDayBounds(riyadhDayOf(m)).noon);
    out.revenueByMonth = q.months.map((m, i) => ({
      month: riyadhDayOf(m).slice(0, 7),
      label: monthLabel(m),
      amount: fromHalalas(Number(r[`m${i}`])),
    }));
    cards.revenueGregorianMonth = {
      amount: fromHalalas(Number(r.m11)),
      label: monthLabel(q.months[11]),
    };
  }
  if (recent) out.recentActivity = recent;
  if (userId && can('task:read')) {
    out.myTasks = await myTasks(db, userId, now);
    cards.myOpenTasks = (out.myTasks as { open: number }).open;
  }
  return out;
}

/**
 * GET /api/dashboard: the home screen in one call, for every signed-in user; each part only for a
 * user allowed to read its data (see dashboardData).
 */
export const dashboardRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/',
    guarded([], { tags: ['dashboard'], response: { 200: dashboardOut } }),
    async (req) =>
      dashboardData(app.db, req.user!.permissions, new Date(), req.user!._id) as Promise<
        z.input<typeof dashboardOut>
      >,
  );
};
