import { QueryClient } from '@tanstack/react-query';

/** The API client retries by itself (spec §7), so queries do not. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
