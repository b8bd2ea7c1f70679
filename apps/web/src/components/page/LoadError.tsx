import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-error';
import { RetryButton } from '../feedback';

/** The record could not be loaded: the API's Arabic message, retry and a way back. */
export function LoadError({
  error,
  onRetry,
  backTo,
  backLabel,
}: {
  error: unknown;
  onRetry?: () => void;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Alert color="red" radius="lg" icon={<IconAlertCircle size={20} />} title="تعذر تحميل البيانات">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {onRetry && <RetryButton size="sm" iconSize={16} onRetry={onRetry} />}
          <Button variant="default" component={Link} to={backTo} leftSection={<IconArrowRight size={16} />}>
            {backLabel}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}
