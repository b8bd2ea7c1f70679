import { Alert, type AlertProps, Button, type ButtonProps } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
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

type NoticeProps = Omit<AlertProps, 'color' | 'variant' | 'icon'> & { 'data-testid'?: string };

/** Something could not be loaded or done: a light red alert with the error circle. */
export function ErrorAlert(props: NoticeProps) {
  return <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} {...props} />;
}

/** Something the reader should know before acting (who reviews, what to do first): a light blue alert. */
export function InfoAlert(props: NoticeProps) {
  return <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} {...props} />;
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
