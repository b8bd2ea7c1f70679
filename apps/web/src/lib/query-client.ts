import { onlineManager, QueryClient } from '@tanstack/react-query';

/** The API client retries by itself (spec §7), so queries do not. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// React Query takes the browser for online until an `offline` event. A page opened with no network
// (the technician's phone, features/field) is offline from the start: its queries wait, and go out
// when the network returns, instead of failing once and never asking again.
// Only a browser says so: elsewhere (Node's `navigator` has no `onLine`) nothing is known to be offline.
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
