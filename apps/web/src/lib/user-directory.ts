import type { User } from '@idara/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The user columns the directory asks for (`fields=` below). */
export type UserSummary = Pick<User, '_id' | 'name' | 'role' | 'jobTitle'>;

/** The user list every protected page loads on entry, cached after the first load (spec §7). */
export const userDirectoryQuery = queryOptions({
  queryKey: ['user-directory'],
  queryFn: async () => {
    const res = await api('/api/user', {
      query: { limit: 0, fields: 'name,role,_id,jobTitle' },
      stopAlert: true,
    });
    return res.data;
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useUserDirectory() {
  return useQuery(userDirectoryQuery);
}
