import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/** URL params the list owns itself; every other search param is a filter. */
const RESERVED = new Set(['page', 'limit', 'sort', 'search']);

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const SEARCH_DEBOUNCE_MS = 300;

export interface ListStateDefaults {
  /** Page size when the URL has none; 20 by default. */
  limit?: number;
  /** Sort when the URL has none, in API form: '-createdAt,name'. */
  sort?: string;
}

export interface SortEntry {
  field: string;
  desc: boolean;
}

/** Query params for `GET /api/<x>`: page, limit, sort, search and the filters. */
export type ListQueryParams = Record<string, string | number>;

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

export function parseSort(sort: string): SortEntry[] {
  return sort
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { field: s.slice(1), desc: true } : { field: s, desc: false }));
}

export function formatSort(entries: SortEntry[]): string {
  return entries.map((e) => (e.desc ? `-${e.field}` : e.field)).join(',');
}

/** Cycles one field: none → asc → desc → none. */
export function cycleSort(sort: string, field: string, multi = false): string {
  const entries = parseSort(sort);
  const current = entries.find((e) => e.field === field);
  const others = multi ? entries.filter((e) => e.field !== field) : [];
  if (!current) return formatSort([...others, { field, desc: false }]);
  if (!current.desc) {
    return formatSort(
      multi ? entries.map((e) => (e.field === field ? { field, desc: true } : e)) : [{ field, desc: true }],
    );
  }
  return formatSort(others);
}

const positiveInt = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * List state (page, limit, sort, search, filters) kept in the URL search params, so it survives a
 * reload and the link can be shared. Defaults are not written to the URL. Changing search, filters,
 * sort or page size sends the page back to 1. An explicit "no sort" is kept as `sort=` (empty).
 */
export function useListState(defaults: ListStateDefaults = {}): ListState {
  const [params, setParams] = useSearchParams();
  const defaultLimit = defaults.limit ?? 20;
  const defaultSort = defaults.sort ?? '';

  const page = positiveInt(params.get('page'), 1);
  const limit = positiveInt(params.get('limit'), defaultLimit);
  const sort = params.has('sort') ? (params.get('sort') ?? '') : defaultSort;
  const search = params.get('search') ?? '';
  const paramsKey = params.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: paramsKey stands for params
  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [k, v] of params) if (!RESERVED.has(k) && v !== '') out[k] = v;
    return out;
  }, [paramsKey]);

  const update = useCallback(
    (mutate: (p: URLSearchParams) => void, resetPage = true) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          mutate(next);
          if (resetPage) next.delete('page');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const [searchInput, setSearchInput] = useState(search);
  const commitSearch = useDebouncedCallback((value: string) => {
    update((p) => {
      const v = value.trim();
      if (v) p.set('search', v);
      else p.delete('search');
    });
  }, SEARCH_DEBOUNCE_MS);

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
    (patch: Record<string, string | null | undefined>) =>
      update((p) => {
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === undefined || v === '') p.delete(k);
          else p.set(k, v);
        }
      }),
    [update],
  );

  return useMemo(() => {
    const exportQuery: ListQueryParams = { ...filters };
    if (sort) exportQuery.sort = sort;
    if (search) exportQuery.search = search;
    return {
      page,
      limit,
      sort,
      sorting: parseSort(sort),
      searchInput,
      search,
      filters,
      query: { page, limit, ...exportQuery },
      exportQuery,
      setPage: (n: number) =>
        update((p) => {
          if (n > 1) p.set('page', String(n));
          else p.delete('page');
        }, false),
      setLimit: (n: number) =>
        update((p) => {
          if (n === defaultLimit) p.delete('limit');
          else p.set('limit', String(n));
        }),
      setSort: (s: string) =>
        update((p) => {
          if (s === defaultSort) p.delete('sort');
          else p.set('sort', s);
        }),
      toggleSort: (field: string, multi?: boolean) =>
        update((p) => {
          const next = cycleSort(sort, field, multi);
          if (next === defaultSort) p.delete('sort');
          else p.set('sort', next);
        }),
      setSearch,
      setFilter: (key: string, value: string | null | undefined) => setFilters({ [key]: value }),
      setFilters,
      clearFilters: () => {
        setSearchInput('');
        commitSearch.cancel();
        update((p) => {
          for (const k of [...p.keys()]) if (k !== 'sort' && k !== 'limit') p.delete(k);
        });
      },
    };
  }, [
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
