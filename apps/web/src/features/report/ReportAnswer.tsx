import { Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryButton, WarningAlert } from '../../components/feedback';
import { isApiError } from '../../lib/api-error';

/** What went wrong, as the API said it: a refused period names its fault (`to`: «نهاية الفترة قبل بدايتها»). */
const reasonOf = (error: Error) => {
  const fields = isApiError(error) ? [...new Set(Object.values(error.fieldErrors))] : [];
  return fields.length ? fields.join('، ') : error.message;
};

/**
 * A report's answer once it is here: a loader while it loads, the API's message with a retry when
 * it fails (a period refused, the network), else what `children` draws of it.
 */
export function ReportAnswer<T>({
  query,
  failure,
  testId,
  children,
}: {
  query: UseQueryResult<T, Error>;
  /** «تعذّر تحميل الإقرار». */
  failure: string;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Group justify="center" p="xl">
        <Loader aria-label="جارٍ التحميل" />
      </Group>
    );
  if (query.isError)
    return (
      <WarningAlert color="red" title={failure} data-testid={`${testId}-error`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{reasonOf(query.error)}</Text>
          <RetryButton onRetry={() => query.refetch()} />
        </Stack>
      </WarningAlert>
    );
  return children(query.data);
}
