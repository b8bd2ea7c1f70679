import { Skeleton } from '@mantine/core';
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';
import type { DateTimeField as LoadedDateTimeField, DayField as LoadedDayField } from './date-fields';

// The date pickers (Mantine Dates, dayjs and its Arabic locale) load with the first form that has a
// day or a time, not with every record form.
const loadPickers = () =>
  Promise.all([
    import('./date-fields'),
    import('@mantine/dates/styles.css'),
    import('../lib/dayjs-locale'),
  ]).then(([fields]) => fields);

/** A picker of `./date-fields`, loaded on first use; its place is held meanwhile. */
function lazyPicker<P extends object>(
  pick: (fields: Awaited<ReturnType<typeof loadPickers>>) => ComponentType<P>,
) {
  const Field = lazy(() => loadPickers().then((fields) => ({ default: pick(fields) })));
  return (props: P) => (
    <Suspense fallback={<Skeleton height={58} radius="sm" />}>
      <Field {...props} />
    </Suspense>
  );
}

/** `DayField` (./date-fields), loaded on first use. */
export const LazyDayField = lazyPicker<ComponentProps<typeof LoadedDayField>>((f) => f.DayField);
/** `DateTimeField` (./date-fields), loaded on first use. */
export const LazyDateTimeField = lazyPicker<ComponentProps<typeof LoadedDateTimeField>>(
  (f) => f.DateTimeField,
);
