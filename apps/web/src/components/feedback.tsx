import { Alert, type AlertProps, Button, type ButtonProps } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * «إعادة المحاولة» after a failed load: a small red rounded button with the refresh icon; props
 * override the look where a place needs another size or variant.
 */
export function RetryButton({
  onRetry,
  iconSize = 14,
  ...props
}: ButtonProps & { onRetry: () => void; iconSize?: number }) {
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconRefresh size={iconSize} />}
      onClick={onRetry}
      {...props}
    >
      إعادة المحاولة
    </Button>
  );
}

/** Something on the page needs attention: a light rounded alert with the warning triangle. */
export function WarningAlert({
  title,
  color,
  children,
  ...props
}: Omit<AlertProps, 'title' | 'color'> & {
  title: string;
  color: 'red' | 'orange';
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Alert
      color={color}
      variant="light"
      radius="lg"
      icon={<IconAlertTriangle size={20} />}
      title={title}
      {...props}
    >
      {children}
    </Alert>
  );
}
