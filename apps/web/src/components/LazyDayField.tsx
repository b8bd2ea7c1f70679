import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { DayField as LoadedDayField } from './date-fields';

// The date picker (Mantine Dates, dayjs and its Arabic locale) loads with the first form that has a
// day, not with every record form.
const Field = lazy(async () => {
  const [{ DayField }] = await Promise.all([
    import('./date-fields'),
    import('@mantine/dates/styles.css'),
    import('../lib/dayjs-locale'),
  ]);
  return { default: DayField };
});

/** `DayField` (./date-fields), loaded on first use; its place is held meanwhile. */
export function LazyDayField(props: ComponentProps<typeof LoadedDayField>) {
  return (
    <Suspense fallback={<Skeleton height={58} radius="sm" />}>
      <Field {...props} />
    </Suspense>
  );
}
