import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { can, useAuth } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { settingsQuery } from '../lib/settings';
import { connectSocket, disconnectSocket } from '../lib/socket';
import { userDirectoryQuery } from '../lib/user-directory';

/**
 * Every protected page loads the user list (cached after first load) and the settings on entry
 * (spec §7). The server guards the list with `user:read`; a user without it is not sent to ask.
 */
export function useProtectedEntry(active: boolean): void {
  const { pathname } = useLocation();
  const mayListUsers = can(useAuth().user, ['user:read']);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    if (!active) return;
    const users = queryClient.getQueryState(userDirectoryQuery.queryKey);
    if (mayListUsers && users?.status !== 'error') void queryClient.prefetchQuery(userDirectoryQuery);
    void queryClient.prefetchQuery(settingsQuery);
  }, [active, pathname, mayListUsers]);
}

/** Socket: connected on protected pages, disconnected on public ones (spec §4). */
export function useSocketLifecycle(active: boolean): void {
  // Not deferred to the first page like the header: a push in the page's first second would be
  // missed as a toast (the lists catch up, the toast does not).
  useEffect(() => {
    if (active) connectSocket();
    else disconnectSocket();
  }, [active]);
}
