import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  cycleSort,
  editListParams,
  formatSort,
  type ListParamsEdit,
  type ListQueryParams,
  type ListStateDefaults,
  listEdits,
  listQueries,
  parseSort,
  readListParams,
  type SortEntry,
} from './list-params';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const SEARCH_DEBOUNCE_MS = 300;

export type { ListQueryParams, ListStateDefaults, SortEntry };
export { cycleSort, formatSort, parseSort };

export interface ListState {
  page: number;
  limit: number;
  /** API form ('-createdAt,name'); '' = no sort (server default). */
  sort: string;
  sorting: SortEntry[];
  /** The search box value (updates at once; the URL/query follow after 300 ms). */
  searchInput: string;
  /** The debounced search sent to the API. */
  search: string;
  /** Filters from the URL (every non-reserved param), e.g. `{ active: 'true' }`. */
  filters: Record<string, string>;
  /** What `useListQuery` sends: `{page, limit, sort?, search?, ...filters}`. */
  query: ListQueryParams;
  /** The query without page/limit (search, filters, sort) — for exports. */
  exportQuery: ListQueryParams;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  setSort: (sort: string) => void;
  /** Header click: asc → desc → none. `multi` keeps the other sort fields (shift-click). */
  toggleSort: (field: string, multi?: boolean) => void;
  setSearch: (value: string) => void;
  /** Sets (or with ''/null/undefined removes) one filter; page goes back to 1. */
  setFilter: (key: string, value: string | null | undefined) => void;
  /** Several filters at once (same rules as setFilter). */
  setFilters: (patch: Record<string, string | null | undefined>) => void;
  /** Clears search and filters (keeps sort and page size). */
  clearFilters: () => void;
}

/**
 * List state (page, limit, sort, search, filters) kept in the URL search params, so it survives a
 * reload and the link can be shared. Defaults are not written to the URL. Changing search, filters,
 * sort or page size sends the page back to 1. An explicit "no sort" is kept as `sort=` (empty).
 */
export function useListState(defaults: ListStateDefaults = {}): ListState {
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for params
  const read = useMemo(() => readListParams(params, defaults), [paramsKey, defaults.limit, defaults.sort]);
  const { page, limit, sort, search, filters } = read;
  const defaultLimit = defaults.limit;
  const defaultSort = defaults.sort;

  // Each edit starts from the address as it is now, not from the params of the render that made the
  // callback: the debounced search commits 300 ms after typing, and a filter picked meanwhile must
  // survive it (React Router's functional update reads the params of its own render).
  const update = useCallback(
    (edit: ListParamsEdit) =>
      setParams(() => editListParams(new URLSearchParams(window.location.search), edit), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );

  const [searchInput, setSearchInput] = useState(search);
  const commitSearch = useDebouncedCallback(
    (value: string) => update(listEdits.search(value)),
    SEARCH_DEBOUNCE_MS,
  );

  // Back/forward or a shared link changes the URL: follow it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the URL value changes
  useEffect(() => {
    if (!commitSearch.isPending()) setSearchInput(search);
  }, [search]);

  const setSearch = useCallback(
    (value: string) => {
      setSearchInput(value);
      commitSearch(value);
    },
    [commitSearch],
  );

  const setFilters = useCallback(
    (patch: Record<string, string | null | undefined>) => update(listEdits.filters(patch)),
    [update],
  );

  return useMemo(() => {
    const bounds = { limit: defaultLimit, sort: defaultSort };
    return {
      page,
      limit,
      sort,
      sorting: parseSort(sort),
      searchInput,
      search,
      filters,
      ...listQueries(read),
      setPage: (n: number) => update(listEdits.page(n)),
      setLimit: (n: number) => update(listEdits.limit(n, bounds)),
      setSort: (s: string) => update(listEdits.sort(s, bounds)),
      toggleSort: (field: string, multi?: boolean) =>
        update(listEdits.toggleSort(sort, field, multi, bounds)),
      setSearch,
      setFilter: (key: string, value: string | null | undefined) => setFilters({ [key]: value }),
      setFilters,
      clearFilters: () => {
        setSearchInput('');
        commitSearch.cancel();
        update(listEdits.clearFilters());
      },
    };
  }, [
    read,
    page,
    limit,
    sort,
    search,
    searchInput,
    filters,
    update,
    setSearch,
    setFilters,
    commitSearch,
    defaultLimit,
    defaultSort,
  ]);
}
