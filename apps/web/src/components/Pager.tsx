import { Pagination } from '@mantine/core';

/**
 * Pages needed for `count` rows (`limit` 0 shows everything on one). A capped count (more than
 * `count` rows exist) offers one page past the last full one, so the user can always move on while
 * more rows exist; the API counts further as the page asked for goes deeper.
 */
export function pagesOf(count: number, limit: number, capped?: boolean): number {
  if (limit <= 0) return 1;
  return capped ? Math.floor(count / limit) + 1 : Math.max(1, Math.ceil(count / limit));
}

/** Page numbers under a paged list; the previous/next arrows are named in Arabic for screen readers. */
export function Pager({
  pages,
  page,
  onChange,
  siblings = 1,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
  /** Pages shown either side of the current one (0 on a narrow card list). */
  siblings?: number;
}) {
  return (
    <Pagination
      size="sm"
      total={pages}
      value={Math.min(page, pages)}
      onChange={onChange}
      siblings={siblings}
      boundaries={1}
      getControlProps={(control) => ({
        'aria-label':
          control === 'next' ? 'الصفحة التالية' : control === 'previous' ? 'الصفحة السابقة' : undefined,
      })}
    />
  );
}
