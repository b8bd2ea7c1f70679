/**
 * A list's state as URL search params, without React: reading page, limit, sort, search and the
 * filters out of the params, and the edits `useListState` makes to them. Defaults are not written
 * to the URL; an explicit "no sort" is kept as `sort=` (empty).
 */

/** URL params the list owns itself; every other search param is a filter. */
const RESERVED = new Set(['page', 'limit', 'sort', 'search']);

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

export interface ListParams {
  page: number;
  limit: number;
  /** API form ('-createdAt,name'); '' = no sort (server default). */
  sort: string;
  search: string;
  /** Every non-reserved, non-empty param, e.g. `{ active: 'true' }`. */
  filters: Record<string, string>;
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

const defaultsOf = (defaults: ListStateDefaults) => ({
  limit: defaults.limit ?? 20,
  sort: defaults.sort ?? '',
});

export function readListParams(params: URLSearchParams, defaults: ListStateDefaults = {}): ListParams {
  const d = defaultsOf(defaults);
  const filters: Record<string, string> = {};
  for (const [k, v] of params) if (!RESERVED.has(k) && v !== '') filters[k] = v;
  return {
    page: positiveInt(params.get('page'), 1),
    limit: positiveInt(params.get('limit'), d.limit),
    sort: params.has('sort') ? (params.get('sort') ?? '') : d.sort,
    search: params.get('search') ?? '',
    filters,
  };
}

/**
 * How many filters narrow the list: each filter param once, a range's `<field>From` and
 * `<field>To` together as one (the date range filters write both).
 */
export function activeFilterCount(filters: Record<string, string>): number {
  return new Set(Object.keys(filters).map((key) => key.replace(/(From|To)$/, ''))).size;
}

/** What the list query sends (`query`) and the same without page and limit (`exportQuery`). */
export function listQueries({ page, limit, sort, search, filters }: ListParams): {
  query: ListQueryParams;
  exportQuery: ListQueryParams;
} {
  const exportQuery: ListQueryParams = { ...filters };
  if (sort) exportQuery.sort = sort;
  if (search) exportQuery.search = search;
  return { query: { page, limit, ...exportQuery }, exportQuery };
}

/** An edit of the params; every edit but a page change sends the list back to page 1. */
export type ListParamsEdit = { apply: (p: URLSearchParams) => void; keepsPage?: boolean };

export function editListParams(prev: URLSearchParams, edit: ListParamsEdit): URLSearchParams {
  const next = new URLSearchParams(prev);
  edit.apply(next);
  if (!edit.keepsPage) next.delete('page');
  return next;
}

const setOrDefault = (p: URLSearchParams, key: string, value: string, fallback: string) => {
  if (value === fallback) p.delete(key);
  else p.set(key, value);
};

export const listEdits = {
  page: (n: number): ListParamsEdit => ({
    apply: (p) => (n > 1 ? p.set('page', String(n)) : p.delete('page')),
    keepsPage: true,
  }),
  limit: (n: number, defaults: ListStateDefaults = {}): ListParamsEdit => ({
    apply: (p) => setOrDefault(p, 'limit', String(n), String(defaultsOf(defaults).limit)),
  }),
  sort: (s: string, defaults: ListStateDefaults = {}): ListParamsEdit => ({
    apply: (p) => setOrDefault(p, 'sort', s, defaultsOf(defaults).sort),
  }),
  /** Header click on `field`, from the sort in effect (`current`). */
  toggleSort: (current: string, field: string, multi = false, defaults: ListStateDefaults = {}) =>
    listEdits.sort(cycleSort(current, field, multi), defaults),
  search: (value: string): ListParamsEdit => ({
    apply: (p) => {
      const v = value.trim();
      if (v) p.set('search', v);
      else p.delete('search');
    },
  }),
  /** ''/null/undefined removes a filter. */
  filters: (patch: Record<string, string | null | undefined>): ListParamsEdit => ({
    apply: (p) => {
      for (const [k, v] of Object.entries(patch)) {
        if (v === null || v === undefined || v === '') p.delete(k);
        else p.set(k, v);
      }
    },
  }),
  /** Search and filters go; sort and page size stay. */
  clearFilters: (): ListParamsEdit => ({
    apply: (p) => {
      for (const k of [...p.keys()]) if (k !== 'sort' && k !== 'limit') p.delete(k);
    },
  }),
};
