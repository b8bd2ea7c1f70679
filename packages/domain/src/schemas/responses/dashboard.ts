import { z } from 'zod';
import { taskStatuses } from '../../forms';
import { dateTimeOut, idOut, moneyOut } from './common';

const monthAmountOut = z.object({ amount: moneyOut, label: z.string() });
export type MonthAmount = z.output<typeof monthAmountOut>;

export const dashboardActivityOut = z.object({
  _id: idOut,
  summary: z.string(),
  actorName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  createdAt: dateTimeOut,
});
export type DashboardActivity = z.output<typeof dashboardActivityOut>;

export const dashboardTaskOut = z.object({
  _id: idOut,
  number: z.number().int(),
  title: z.string(),
  status: z.enum(taskStatuses),
  dueAt: dateTimeOut.nullable(),
  customerName: z.string().nullable(),
});
export type DashboardTask = z.output<typeof dashboardTaskOut>;

export const dashboardMyTasksOut = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  /** The five due soonest (tasks without a due time last). */
  items: z.array(dashboardTaskOut),
});
export type DashboardMyTasks = z.output<typeof dashboardMyTasksOut>;

/** `GET /api/dashboard`: each part only for a user allowed to read its data, else absent. */
export const dashboardOut = z.object({
  cards: z.object({
    ordersToday: z.number().int().optional(),
    openOrders: z.number().int().optional(),
    unpaidBalance: moneyOut.optional(),
    revenueHijriMonth: monthAmountOut.optional(),
    revenueGregorianMonth: monthAmountOut.optional(),
    myOpenTasks: z.number().int().optional(),
  }),
  revenueByMonth: z.array(z.object({ month: z.string(), label: z.string(), amount: moneyOut })).optional(),
  ordersByStatus: z
    .array(z.object({ status: z.string(), label: z.string(), count: z.number().int() }))
    .optional(),
  topServices: z
    .array(z.object({ service: idOut, name: z.string(), quantity: z.number(), amount: moneyOut }))
    .optional(),
  recentActivity: z.array(dashboardActivityOut).optional(),
  myTasks: dashboardMyTasksOut.optional(),
});
export type Dashboard = z.output<typeof dashboardOut>;
