import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-error';
import { RetryButton } from '../feedback';

/** What failed to load: the query, whose error is shown and which «إعادة المحاولة» asks again. */
export interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
}

/** The record could not be loaded: the API's Arabic message, retry and a way back. */
export function LoadError({
  query,
  backTo,
  backLabel,
}: {
  query: FailedQuery;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Alert color="red" radius="lg" icon={<IconAlertCircle size={20} />} title="تعذر تحميل البيانات">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(query.error)}</Text>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <RetryButton size="sm" iconSize={16} onRetry={() => void query.refetch()} />
          <Button variant="default" component={Link} to={backTo} leftSection={<IconArrowRight size={16} />}>
            {backLabel}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
