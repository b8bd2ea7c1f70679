import {
  fromHalalas,
  hijriMonthRange,
  orderStatuses,
  orderStatusLabels,
  startOfRiyadhDay,
} from '@idara/domain';
import { and, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { activity, orderItems, orders, payments } from '../../db/schema';

const RIYADH_OFFSET = sql`interval '3 hours'`; // Saudi Arabia keeps UTC+3 all year
const riyadhMonth = (column: unknown) =>
  sql<string>`to_char((${column} at time zone 'UTC') + ${RIYADH_OFFSET}, 'YYYY-MM')`;

const gregorianMonthLabel = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 00:00 Riyadh time on the 1st of the Gregorian month `monthsBack` months before now's month. */
function riyadhMonthStart(now: Date, monthsBack = 0) {
  const local = new Date(now.getTime() + 3 * 3600_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - monthsBack, 1) - 3 * 3600_000);
}

/** The dashboard's queries as Drizzle builders (the bench runs the same SQL through the bare driver). */
export function dashboardQueries(db: DbOrTx, now: Date) {
  const hijri = hijriMonthRange(now);
  const monthStart = riyadhMonthStart(now);
  const paidBetween = (start: Date, end: Date) =>
    db
      .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(and(eq(payments.status, 'paid'), gte(payments.paidAt, start), lt(payments.paidAt, end)));
  return {
    hijri,
    monthStart,
    orders: {
      today: db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(gte(orders.createdAt, startOfRiyadhDay(now))),
      byStatus: db
        .select({ status: orders.status, count: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.status),
      topServices: db
        .select({
          service: orderItems.service,
          name: sql<string>`min(${orderItems.name})`,
          quantity: sql<number>`sum(${orderItems.quantity})::int`,
          amount: sql<string>`sum(${orderItems.lineTotal})`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orderItems.order, orders._id))
        .where(ne(orders.status, 'cancelled'))
        .groupBy(orderItems.service)
        .orderBy(desc(sql`sum(${orderItems.lineTotal})`))
        .limit(5),
    },
    payments: {
      unpaid: db
        .select({ sum: sql<string>`coalesce(sum(${orders.total} - ${orders.paid}), 0)` })
        .from(orders)
        .where(inArray(orders.status, ['new', 'in_progress', 'completed'])),
      hijriMonth: paidBetween(hijri.start, hijri.end),
      gregorianMonth: paidBetween(monthStart, riyadhMonthStart(now, -1)),
      byMonth: db
        .select({ month: riyadhMonth(payments.paidAt), sum: sql<string>`sum(${payments.amount})` })
        .from(payments)
        .where(and(eq(payments.status, 'paid'), gte(payments.paidAt, riyadhMonthStart(now, 11))))
        .groupBy(riyadhMonth(payments.paidAt)),
    },
    activity: {
      recent: db
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
    },
  };
}

/** The home screen's data for a user with these permissions; parts they may not read are left out. */
export async function dashboardData(db: DbOrTx, permissions: readonly string[], now = new Date()) {
  const can = (p: string) => permissions.includes(p);
  const q = dashboardQueries(db, now);
  const cards: Record<string, unknown> = {};
  const out: Record<string, unknown> = { cards };
  const work: Promise<void>[] = [];

  if (can('order:read')) {
    work.push(
      (async () => {
        const [[today], byStatus, top] = await Promise.all([
          q.orders.today,
          q.orders.byStatus,
          q.orders.topServices,
        ]);
        cards.ordersToday = today.n;
        const counts = new Map(byStatus.map((r) => [r.status, r.count]));
        cards.openOrders = (counts.get('new') ?? 0) + (counts.get('in_progress') ?? 0);
        out.ordersByStatus = orderStatuses.map((status) => ({
          status,
          label: orderStatusLabels[status],
          count: counts.get(status) ?? 0,
        }));
        out.topServices = top.map((t) => ({ ...t, amount: fromHalalas(Number(t.amount)) }));
      })(),
    );
  }

  if (can('payment:read')) {
    work.push(
      (async () => {
        const [[unpaid], [hijriSum], [monthSum], rows] = await Promise.all([
          q.payments.unpaid,
          q.payments.hijriMonth,
          q.payments.gregorianMonth,
          q.payments.byMonth,
        ]);
        cards.unpaidBalance = fromHalalas(Number(unpaid.sum));
        cards.revenueHijriMonth = {
          amount: fromHalalas(Number(hijriSum.sum)),
          label: `${q.hijri.monthName} ${q.hijri.year} هـ`,
        };
        cards.revenueGregorianMonth = {
          amount: fromHalalas(Number(monthSum.sum)),
          label: gregorianMonthLabel.format(new Date(q.monthStart.getTime() + 3 * 3600_000)),
        };
        const byMonth = new Map(rows.map((r) => [r.month, Number(r.sum)]));
        out.revenueByMonth = Array.from({ length: 12 }, (_, i) => {
          const start = new Date(riyadhMonthStart(now, 11 - i).getTime() + 3 * 3600_000);
          const month = `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
          return {
            month,
            label: gregorianMonthLabel.format(start),
            amount: fromHalalas(byMonth.get(month) ?? 0),
          };
        });
      })(),
    );
  }

  if (can('activity:read')) {
    work.push(
      (async () => {
        out.recentActivity = await q.activity.recent;
      })(),
    );
  }

  await Promise.all(work);
  return out;
}

/**
 * GET /api/dashboard: the home screen in one call, for every signed-in user; each part only for a
 * user allowed to read its data (see dashboardData).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { permissions: [] }, schema: { tags: ['dashboard'] } }, async (req) =>
    dashboardData(app.db, req.user!.permissions),
  );
};
