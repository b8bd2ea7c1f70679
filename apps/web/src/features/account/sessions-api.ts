import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface Session {
  _id: string;
  createdAt: string;
  lastSeenAt: string | null;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

export const sessionsKey = ['auth', 'sessions'] as const;

export const sessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: async () => (await api<{ data: Session[] }>('/api/auth/sessions')).data,
  staleTime: 0,
});

export function revokeSession(id: string) {
  return api<{ message?: string }>(`/api/auth/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    retry: 0,
  });
}
