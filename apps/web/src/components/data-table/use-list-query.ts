import type { ListPage } from '@idara/domain';
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiUntyped } from '../../lib/api';
import { useFetchWhileRendering } from '../../lib/fetch-while-rendering';
import { LOOKUP_KEY, LOOKUP_SOURCES } from '../../lib/lookups';
import type { ListQueryParams } from './use-list-state';

/** Every list endpoint answers `{ data, total, page, limit }`: the domain's `ListPage`. */
export type ListResponse<T> = ListPage<T>;

/** Rows are keyed by `_id` (spec §9). */
export interface Row {
  _id: string;
}

/** Query-key root of a resource: invalidate it to refresh every list/detail/lookup of it. */
export const resourceKey = (resourcePath: string): QueryKey => [resourcePath];
export const listKey = (resourcePath: string, query: ListQueryParams): QueryKey => [
  resourcePath,
  'list',
  query,
];

export interface UseListQueryOptions {
  enabled?: boolean;
  /** Extra params merged into every request (e.g. `{ fields: 'name,_id' }`). */
  params?: ListQueryParams;
}

/**
 * `GET <resourcePath>` with the list state's query. The previous page stays on screen while the
 * next one loads (`isPlaceholderData` is true meanwhile).
 *
 * The path is data here (a resource's, a screen's), so the caller names the row `T` (a domain type)
 * and what its page adds, `Extra` (e.g. `Pick<PaymentList, 'totals'>`): `apiUntyped`, not the
 * route map (lib/api.ts).
 */
export function useListQuery<T extends Row, Extra extends object = Record<never, never>>(
  resourcePath: string,
  state: { query: ListQueryParams },
  options: UseListQueryOptions = {},
) {
  const query = options.params ? { ...state.query, ...options.params } : state.query;
  const fetchOptions = {
    queryKey: listKey(resourcePath, query),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiUntyped<ListResponse<T> & Extra>(resourcePath, { query, signal }),
  };
  useFetchWhileRendering(fetchOptions, options.enabled ?? true);
  return useQuery({
    ...fetchOptions,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/**
 * A whole small table (`limit=0`) for selects and id → name maps, cached 60 s.
 * `useLookup('/api/government')` → `{ data: rows, byId: Map, options: [{value,label}] }`.
 */
export function useLookup<T extends Row & { name?: string }>(
  resourcePath: string,
  params: ListQueryParams = {},
  options: { enabled?: boolean } = {},
) {
  const query = { limit: 0, ...params };
  const fetchOptions = {
    queryKey: [resourcePath, 'lookup', query],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiUntyped<ListResponse<T>>(resourcePath, { query, signal }),
    staleTime: 60_000,
  };
  useFetchWhileRendering(fetchOptions, options.enabled ?? true);
  const result = useQuery({
    ...fetchOptions,
    enabled: options.enabled ?? true,
    select: (res) => {
      const byId = new Map(res.data.map((r) => [r._id, r] as const));
      const selectOptions = res.data.map((r) => ({ value: r._id, label: String(r.name ?? r._id) }));
      return { rows: res.data, byId, options: selectOptions };
    },
  });
  return result;
}

/** Returns a function that invalidates every cached query of the resource. */
export function useInvalidateResource(resourcePath: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: resourceKey(resourcePath) });
    if (LOOKUP_SOURCES.includes(resourcePath))
      await queryClient.invalidateQueries({ queryKey: [LOOKUP_KEY] });
  }, [queryClient, resourcePath]);
}
