import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert, RetryButton } from '../feedback';

/**
 * The states of a small list inside a card: skeleton rows while loading, an Arabic error with a
 * retry, the empty state, else the list itself.
 */
export function CardListStates({
  query,
  errorTitle,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  errorTitle: string;
  /** Shown instead of `children` when the loaded list has no rows. */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <Stack gap="xs" role="status" aria-label="جارٍ التحميل…">
        <Skeleton h={32} radius="sm" />
        <Skeleton h={32} radius="sm" />
      </Stack>
    );
  if (query.isError)
    return (
      <ErrorAlert title={errorTitle}>
        <RetryButton onRetry={() => void query.refetch()} />
      </ErrorAlert>
    );
  return <>{empty ?? children}</>;
}
