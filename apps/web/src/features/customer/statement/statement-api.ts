import { useMutation, useQuery } from '@tanstack/react-query';
import { downloadFile } from '../../../components/export/export-store';
import { api } from '../../../lib/api';

export interface Period {
  from: string;
  to: string;
}

const base = (id: string) => `/api/customer/${id}/statement` as const;

export function useStatement(id: string, period: Period) {
  return useQuery({
    queryKey: [base(id), period.from, period.to],
    queryFn: () => api(`${base(id)}?from=${period.from}&to=${period.to}`, { stopAlert: true }),
  });
}

export const downloadStatement = (id: string, period: Period) =>
  downloadFile(`${base(id)}.pdf?from=${period.from}&to=${period.to}`, 'application/pdf', 'كشف-حساب.pdf');

export function useSendStatement(id: string) {
  return useMutation({
    mutationFn: (period: Period) =>
      api(`${base(id)}/send`, { method: 'POST', body: period, stopAlert: true }),
  });
}
