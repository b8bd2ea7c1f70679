import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  cycleSort,
  editListParams,
  type ListParamsEdit,
  listEdits,
  listQueries,
  readListParams,
} from './list-params';

const DEFAULTS = { limit: 20, sort: '-createdAt' };

/** The URL after a series of edits, as the address bar shows it (from a starting query string). */
function after(start: string, ...edits: ListParamsEdit[]): string {
  let params = new URLSearchParams(start);
  for (const edit of edits) params = editListParams(params, edit);
  return params.toString();
}

describe('reading the list state out of the URL', () => {
  it('falls back to the defaults and reads every other param as a filter', () => {
    expect(readListParams(new URLSearchParams(''), DEFAULTS)).toEqual({
      page: 1,
      limit: 20,
      sort: '-createdAt',
      search: '',
      filters: {},
    });
    expect(
      readListParams(
        new URLSearchParams('page=3&limit=50&sort=name&search=نور&active=true&city=&type=company'),
        DEFAULTS,
      ),
    ).toEqual({
      page: 3,
      limit: 50,
      sort: 'name',
      search: 'نور',
      filters: { active: 'true', type: 'company' },
    });
  });

  it('ignores a page or page size that is not a positive whole number', () => {
    for (const bad of ['0', '-2', '1.5', 'abc', '']) {
      const read = readListParams(new URLSearchParams(`page=${bad}&limit=${bad}`), DEFAULTS);
      expect([read.page, read.limit]).toEqual([1, 20]);
    }
  });

  it('keeps an explicit "no sort" apart from the default sort', () => {
    expect(readListParams(new URLSearchParams('sort='), DEFAULTS).sort).toBe('');
    expect(readListParams(new URLSearchParams(''), DEFAULTS).sort).toBe('-createdAt');
  });

  it('sends page, size, sort, search and filters to the list, and all but paging to the export', () => {
    const read = readListParams(new URLSearchParams('page=2&search=أحمد&active=false'), DEFAULTS);
    expect(listQueries(read)).toEqual({
      query: { page: 2, limit: 20, active: 'false', sort: '-createdAt', search: 'أحمد' },
      exportQuery: { active: 'false', sort: '-createdAt', search: 'أحمد' },
    });
    expect(listQueries(readListParams(new URLSearchParams('sort='), DEFAULTS)).exportQuery).toEqual({});
  });

  it('counts the filters in effect, a range once whichever of its ends is set, never search or paging', () => {
    const count = (query: string) => activeFilterCount(readListParams(new URLSearchParams(query)).filters);
    expect(count('page=2&limit=50&sort=name&search=أحمد')).toBe(0);
    expect(count('status=planned&city=')).toBe(1);
    expect(count('status=planned&scheduledAtFrom=2026-01-01&scheduledAtTo=2026-01-31')).toBe(2);
    expect(count('scheduledAtTo=2026-01-31&createdAtFrom=2026-01-01&overdue=true')).toBe(3);
  });
});

describe('changing the list state in the URL', () => {
  it('round-trips page, sort, filter and search through the URL', () => {
    const url = after(
      '',
      listEdits.filters({ active: 'true', city: 'c1' }),
      listEdits.search('  متجر  '),
      listEdits.toggleSort(DEFAULTS.sort, 'name', false, DEFAULTS),
      listEdits.limit(50, DEFAULTS),
      listEdits.page(4),
    );
    expect(readListParams(new URLSearchParams(url), DEFAULTS)).toEqual({
      page: 4,
      limit: 50,
      sort: 'name',
      search: 'متجر',
      filters: { active: 'true', city: 'c1' },
    });
  });

  it('sends the page back to 1 on a filter, search, sort or size change, not on a page change', () => {
    const onPage3 = 'page=3&active=true';
    expect(after(onPage3, listEdits.filters({ active: 'false' }))).toBe('active=false');
    expect(after(onPage3, listEdits.search('x'))).toBe('active=true&search=x');
    expect(after(onPage3, listEdits.sort('name', DEFAULTS))).toBe('active=true&sort=name');
    expect(after(onPage3, listEdits.limit(100, DEFAULTS))).toBe('active=true&limit=100');
    expect(after(onPage3, listEdits.page(5))).toBe('page=5&active=true');
  });

  it('writes no default into the URL', () => {
    expect(after('page=2&limit=50&sort=name', listEdits.page(1))).toBe('limit=50&sort=name');
    expect(after('limit=50', listEdits.limit(20, DEFAULTS))).toBe('');
    expect(after('sort=name', listEdits.sort('-createdAt', DEFAULTS))).toBe('');
    expect(after('search=a', listEdits.search('   '))).toBe('');
    expect(after('city=c1&active=true', listEdits.filters({ city: null, active: '' }))).toBe('');
    // No default sort: choosing none clears the param rather than writing an empty one.
    expect(after('sort=name', listEdits.sort(''))).toBe('');
    // A default sort turned off by the user stays off across reloads.
    expect(after('', listEdits.sort('', DEFAULTS))).toBe('sort=');
  });

  it('clears search and filters but keeps sort and page size', () => {
    expect(after('page=2&limit=50&sort=name&search=x&active=true&city=c1', listEdits.clearFilters())).toBe(
      'limit=50&sort=name',
    );
  });

  it('cycles a header sort: none → ascending → descending → none, keeping the others on shift-click', () => {
    expect(cycleSort('', 'name')).toBe('name');
    expect(cycleSort('name', 'name')).toBe('-name');
    expect(cycleSort('-name', 'name')).toBe('');
    expect(cycleSort('-createdAt', 'name')).toBe('name');
    expect(cycleSort('-createdAt', 'name', true)).toBe('-createdAt,name');
    expect(cycleSort('-createdAt,name', 'name', true)).toBe('-createdAt,-name');
    expect(cycleSort('-createdAt,-name', 'name', true)).toBe('-createdAt');
    // Cycling the default sort off writes the explicit "no sort".
    expect(after('', listEdits.toggleSort('-createdAt', 'createdAt', false, DEFAULTS))).toBe('sort=');
  });
});
