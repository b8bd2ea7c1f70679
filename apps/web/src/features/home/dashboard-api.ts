import {
  type Dashboard,
  type DashboardActivity,
  type DashboardMyTasks,
  type DashboardTask,
  hijriMonthRange,
  type MonthAmount,
  riyadhMonthStart,
  startOfRiyadhDay,
  toHalalas,
} from '@idara/domain';
import { useQuery } from '@tanstack/react-query';
import { useFetchWhileRendering } from '../../lib/fetch-while-rendering';
import { dashboardQuery } from './dashboard-query';

/** `GET /api/dashboard` (docs/API.md "Home dashboard"): parts the user may not read are absent. */
export type { Dashboard, DashboardActivity, DashboardMyTasks, DashboardTask, MonthAmount };

export const DASHBOARD_KEY = dashboardQuery.queryKey;

/** One call for the whole home screen (dashboard-query.ts); errors are shown in place (no toast). */
export function useDashboard() {
  useFetchWhileRendering(dashboardQuery, true);
  return useQuery(dashboardQuery);
}

/** Wire money → integer halalas; 0 for anything unreadable (never a float sum). */
export function halalasOf(value: string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  try {
    return toHalalas(value);
  } catch {
    return 0;
  }
}

/** Halalas → riyals as a plain number, only for plotting. */
export const riyalsForChart = (halalas: number): number => halalas / 100;

/** A chart's rows: each amount kept exact in halalas (sums, tooltips) and as riyals in `amount` for the chart's scale. */
export function chartPoints<R extends { amount: string }>(rows: readonly R[]) {
  return rows.map((r) => {
    const halalas = halalasOf(r.amount);
    return { ...r, halalas, amount: riyalsForChart(halalas) };
  });
}

const iso = (d: Date) => d.toISOString();
const endBefore = (d: Date) => new Date(d.getTime() - 1);

/** `path?k=v&…`, commas and colons left readable ('status=new,in_progress'). */
function withQuery(path: string, query: Record<string, string>): string {
  const q = Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ',').replace(/%3A/g, ':')}`)
    .join('&');
  return `${path}?${q}`;
}

/** List links the cards open: filters as the list pages read them from the URL (useListState). */
export const cardLinks = {
  ordersToday: (now = new Date()) =>
    withQuery('/dashboard/order', { createdAtFrom: iso(startOfRiyadhDay(now)) }),
  openOrders: () => withQuery('/dashboard/order', { status: 'new,in_progress' }),
  unpaidBalance: () => withQuery('/dashboard/order', { sort: '-outstanding' }),
  revenueHijriMonth: (now = new Date()) => {
    const r = hijriMonthRange(now);
    return withQuery('/dashboard/payment', {
      status: 'paid',
      paidAtFrom: iso(r.start),
      paidAtTo: iso(endBefore(r.end)),
    });
  },
  revenueGregorianMonth: (now = new Date()) => {
    const start = riyadhMonthStart(now);
    const next = riyadhMonthStart(now, -1);
    return withQuery('/dashboard/payment', {
      status: 'paid',
      paidAtFrom: iso(start),
      paidAtTo: iso(endBefore(next)),
    });
  },
  myOpenTasks: () => '/tasks',
};
