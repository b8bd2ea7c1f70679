import { Pagination } from '@mantine/core';

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
