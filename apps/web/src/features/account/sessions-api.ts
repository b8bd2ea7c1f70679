import type { Session } from '@idara/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { Session };

export const sessionsKey = ['auth', 'sessions'] as const;

export const sessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: async () => (await api('/api/auth/sessions')).data,
  staleTime: 0,
});

export function revokeSession(id: string) {
  return api(`/api/auth/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    retry: 0,
  });
}
