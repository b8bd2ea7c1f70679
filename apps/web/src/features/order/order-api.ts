import {
  type Order,
  type OrderItem,
  type OrderListTotals,
  type OrderRow,
  type OrderStatus,
  orderStatuses,
  orderStatusLabels,
  type PricedOption,
  receivableLabels,
  toHalalas,
  toLatinDigits,
} from '@idara/domain';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import type { ListQueryParams, ListTotal } from '../../components/data-table';
import { api } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { useContractLookup, useServiceLookup } from '../../lib/lookups';
import { useRecordById } from '../../lib/record-query';
import { userDirectoryQuery } from '../../lib/user-directory';

/** A row of `GET /api/order` (docs/API.md, Orders). Money is a decimal string ("1250.50"). */
/** `GET /api/order/:id`: the row plus its lines and the status moves it may make now. */
export type { Order, OrderItem, OrderRow, OrderStatus };

export type ServiceOption = PricedOption;

export type ContractOption = PricedOption;

export const ORDER_PATH = '/api/order';
/** The way back from an order's pages to the list. */
export const BACK_TO_ORDERS = { backTo: '/dashboard/order', backLabel: 'العودة إلى الطلبات' };

export const orderKey = (id: string) => [ORDER_PATH, 'record', id] as const;

export function useOrder(id: string | undefined) {
  return useRecordById(
    orderKey,
    id,
    (id, signal) => api(`${ORDER_PATH}/${id}`, { stopAlert: true, signal }),
    {
      retry: false,
    },
  );
}

/** `GET /api/order/totals`: the receivable figures summed over the orders the filters select. */
export type OrderTotals = OrderListTotals;

/** The totals of the orders a list shows (same filters and search; refreshed with every order change). */
export function useOrderTotals(params: ListQueryParams, enabled = true) {
  const { sort: _sort, page: _page, limit: _limit, fields: _fields, ...query } = params;
  return useQuery({
    queryKey: [ORDER_PATH, 'totals', query],
    queryFn: ({ signal }) => api(`${ORDER_PATH}/totals`, { query, signal, stopAlert: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The figures of packages/domain receivables.ts as a list's totals (a credit shown as such). */
export function receivableTotals(t: OrderTotals): ListTotal[] {
  const credit = toHalalas(t.outstanding) < 0;
  return [
    { label: receivableLabels.invoiced, value: t.invoiced, testId: 'totals-invoiced' },
    { label: receivableLabels.paid, value: t.paid, testId: 'totals-paid' },
    {
      label: credit ? 'رصيد دائن للعملاء' : receivableLabels.outstanding,
      value: credit ? t.outstanding.replace('-', '') : t.outstanding,
      testId: 'totals-outstanding',
      strong: true,
    },
    { label: receivableLabels.pending, value: t.pending, testId: 'totals-pending' },
    { label: receivableLabels.uninvoiced, value: t.uninvoiced, testId: 'totals-uninvoiced' },
  ];
}

/** `POST /api/order/:id/status {status}`; 409 with an Arabic message for a move that is not allowed. */
export function changeOrderStatus(id: string, status: OrderStatus, reason?: string) {
  return api(`${ORDER_PATH}/${id}/status`, { method: 'POST', body: { status, reason } });
}

/** After a write: the record, every order list, the customer's tab and the activity log refresh. */
export function afterOrderChanged(queryClient: QueryClient, saved?: Partial<Order> & { _id: string }) {
  if (saved && Array.isArray(saved.items) && Array.isArray(saved.allowedStatuses)) {
    queryClient.setQueryData(orderKey(saved._id), saved);
  }
  void queryClient.invalidateQueries({ queryKey: [ORDER_PATH] });
  void queryClient.invalidateQueries({ queryKey: ['/api/activity'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/payment'] });
  void queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] });
}

/** Services with their price (all rows, cached). */
export function useServices(enabled = true) {
  return useServiceLookup(enabled);
}

/** Contract types (all rows, cached). */
export function useContracts(enabled = true) {
  return useContractLookup(enabled);
}

/**
 * The user list the app loads on every protected page (only for users with `user:read`): options for
 * the assignee pickers and an id → name map.
 */
export function useUserOptions() {
  const canUsers = useCan('user:read');
  const query = useQuery({ ...userDirectoryQuery, enabled: canUsers });
  const rows = query.data ?? [];
  return {
    available: canUsers,
    isPending: canUsers && query.isPending,
    options: rows.map((u) => ({ value: u._id, label: u.name })),
    names: new Map(rows.map((u) => [u._id, u.name] as const)),
  };
}

export const orderStatusColors: Record<OrderStatus, string> = {
  new: 'blue',
  in_progress: 'orange',
  completed: 'teal',
  cancelled: 'gray',
};

export const orderStatusOptions = orderStatuses.map((s) => ({ value: s, label: orderStatusLabels[s] }));

/** Orders that can no longer be edited (the API answers 409). */
export const isClosed = (status: OrderStatus) => status === 'completed' || status === 'cancelled';

/** The order's own rate as a number ("15.00" or 15 → 15). */
export function taxRateOf(rate: number | string | null | undefined): number {
  const n = Number(toLatinDigits(String(rate ?? '0')));
  return Number.isFinite(n) ? n : 0;
}
