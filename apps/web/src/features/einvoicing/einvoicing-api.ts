import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** `GET /api/einvoicing`: the settings section and home's warning read it (apart from the section's UI). */
export const einvoicingQueryKey = ['einvoicing'] as const;

export function useEinvoicing(enabled = true) {
  return useQuery({
    queryKey: einvoicingQueryKey,
    queryFn: () => api('/api/einvoicing'),
    enabled,
  });
}
