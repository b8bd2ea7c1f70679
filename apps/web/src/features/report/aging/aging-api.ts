import type { AgingReport } from '@idara/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
// The list helpers themselves, not the table's index: home's overdue cards use this module, and
// the index brings the whole table with its styles.
import { type ListResponse, listKey } from '../../../components/data-table/use-list-query';
import type { ListState } from '../../../components/data-table/use-list-state';
import { api } from '../../../lib/api';

export const AGING_PATH = '/api/report/aging';
export const AGING_SCREEN = '/dashboard/report/aging';

type Figures = AgingReport['totals'];
/** A report row keyed by its customer, as the shared table keys rows. */
export type AgingRow = AgingReport['data'][number] & { _id: string };
export type AgingListResponse = ListResponse<AgingRow> & { totals: Figures };

/** `GET /api/report/aging` with the list state's filters, search and page, in the shared list shape. */
export function useAgingReport(state: Pick<ListState, 'query'>) {
  return useQuery({
    queryKey: listKey(AGING_PATH, state.query),
    queryFn: async ({ signal }): Promise<AgingListResponse> => {
      const report = await api(AGING_PATH, { query: state.query, signal });
      return {
        data: report.data.map((r) => ({ ...r, _id: r.customer })),
        total: report.count,
        page: report.page,
        limit: report.limit,
        totals: report.totals,
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** The open documents behind one customer's row (`null`: nothing asked). */
export function useAgingCustomer(customer: string | null) {
  return useQuery({
    queryKey: [AGING_PATH, 'customer', customer],
    queryFn: ({ signal }) => api(`${AGING_PATH}/customer/${customer}`, { signal }),
    enabled: !!customer,
  });
}

/** The home card's figures. */
export function useAgingSummary(enabled: boolean) {
  return useQuery({
    queryKey: [AGING_PATH, 'summary'],
    queryFn: ({ signal }) => api(`${AGING_PATH}/summary`, { signal }),
    enabled,
  });
}
