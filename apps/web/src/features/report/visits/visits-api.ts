import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/report/visits` for the period (docs/API.md «Visits report»); errors shown in place. */
export function useVisitsReport(from: string, to: string) {
  return useQuery({
    queryKey: ['report', 'visits', from, to],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api('/api/report/visits', { query: { from, to }, stopAlert: true, signal }),
  });
}
