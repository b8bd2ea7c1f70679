import { type QueryKey, useQuery } from '@tanstack/react-query';

/**
 * A record's query by its id, cached under `key(id)`: asked only once there is an id (a new
 * record's form has none). `fetch` is the typed request for that id (``api(`/api/order/${id}`)``);
 * `options` are the record's own (no retry when the page shows the error, how long it stays fresh).
 */
export function useRecordById<T>(
  key: (id: string) => QueryKey,
  id: string | undefined,
  fetch: (id: string, signal: AbortSignal) => Promise<T>,
  options: { retry?: false; staleTime?: number; refetchOnWindowFocus?: false } = {},
) {
  return useQuery({
    queryKey: key(id ?? ''),
    queryFn: ({ signal }) => fetch(id ?? '', signal),
    enabled: Boolean(id),
    ...options,
  });
}
