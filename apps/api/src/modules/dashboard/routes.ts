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

async function paidBetween(db: DbOrTx, start: Date, end: Date) {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.status, 'paid'), gte(payments.paidAt, start), lt(payments.paidAt, end)));
  return fromHalalas(Number(row.sum));
}

/**
 * GET /api/dashboard: the home screen in one call. Each part is computed only for a user allowed to
 * read its data, and left out of the answer otherwise.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { permissions: [] }, schema: { tags: ['dashboard'] } }, async (req) => {
    const can = (p: string) => req.user!.permissions.includes(p);
    const db = app.db;
    const now = new Date();
    const cards: Record<string, unknown> = {};
    const out: Record<string, unknown> = { cards };
    const work: Promise<void>[] = [];

    if (can('order:read')) {
      work.push(
        (async () => {
          const [today] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(orders)
            .where(gte(orders.createdAt, startOfRiyadhDay(now)));
          cards.ordersToday = today.n;
          const byStatus = await db
            .select({ status: orders.status, count: sql<number>`count(*)::int` })
            .from(orders)
            .groupBy(orders.status);
          const counts = new Map(byStatus.map((r) => [r.status, r.count]));
          cards.openOrders = (counts.get('new') ?? 0) + (counts.get('in_progress') ?? 0);
          out.ordersByStatus = orderStatuses.map((status) => ({
            status,
            label: orderStatusLabels[status],
            count: counts.get(status) ?? 0,
          }));
          const top = await db
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
            .limit(5);
          out.topServices = top.map((t) => ({ ...t, amount: fromHalalas(Number(t.amount)) }));
        })(),
      );
    }

    if (can('payment:read')) {
      work.push(
        (async () => {
          const [unpaid] = await db
            .select({ sum: sql<string>`coalesce(sum(${orders.total} - ${orders.paid}), 0)` })
            .from(orders)
            .where(inArray(orders.status, ['new', 'in_progress', 'completed']));
          cards.unpaidBalance = fromHalalas(Number(unpaid.sum));
          const hijri = hijriMonthRange(now);
          cards.revenueHijriMonth = {
            amount: await paidBetween(db, hijri.start, hijri.end),
            label: `${hijri.monthName} ${hijri.year} هـ`,
          };
          const monthStart = riyadhMonthStart(now);
          cards.revenueGregorianMonth = {
            amount: await paidBetween(db, monthStart, riyadhMonthStart(now, -1)),
            label: gregorianMonthLabel.format(new Date(monthStart.getTime() + 3 * 3600_000)),
          };
          const from = riyadhMonthStart(now, 11);
          const rows = await db
            .select({ month: riyadhMonth(payments.paidAt), sum: sql<string>`sum(${payments.amount})` })
            .from(payments)
            .where(and(eq(payments.status, 'paid'), gte(payments.paidAt, from)))
            .groupBy(riyadhMonth(payments.paidAt));
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
          out.recentActivity = await db
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
            .limit(8);
        })(),
      );
    }

    await Promise.all(work);
    return out;
  });
};
