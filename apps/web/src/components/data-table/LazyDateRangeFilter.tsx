import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import { toolbarField } from './toolbar-field';

// The date pickers (Mantine Dates, dayjs, a modal for phones) load with the first list that
// filters by date, not with every list.
const Filter = lazy(() => import('./DateRangeFilter').then((m) => ({ default: m.ListDateRangeFilter })));

/** `ListDateRangeFilter` from ./DateRangeFilter, loaded on first use; its place is held meanwhile. */
export function ListDateRangeFilter(props: ComponentProps<typeof Filter>) {
  return (
    <Suspense fallback={<Skeleton height={36} radius="xl" {...toolbarField(320)} />}>
      <Filter {...props} />
    </Suspense>
  );
}
