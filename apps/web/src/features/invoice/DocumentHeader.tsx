import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../lib/auth';

/**
 * The head of a document page (an e-invoice, a payment's receipt): its title and state, the order
 * it belongs to (a link for who may open orders) with more about it, its actions, notices under it.
 */
export function DocumentHeader({
  title,
  badge,
  orderTo,
  orderNumber,
  about,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  badge: ReactNode;
  orderTo: string;
  orderNumber: number | string;
  /** After the order: the buyer, the date, the amount. */
  about: ReactNode;
  actions: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const canOrder = useCan('order:details');
  const order = (
    <>
      طلب رقم <bdi>{orderNumber}</bdi>
    </>
  );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} className={className}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={2} fz="h3">
              {title}
            </Title>
            {badge}
          </Group>
          <Text size="sm" c="dimmed">
            {canOrder ? (
              <Anchor component={Link} to={orderTo} size="sm">
                {order}
              </Anchor>
            ) : (
              order
            )}{' '}
            — {about}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}

/** A document download in a document page's head; `icon` for a format other than a printed page. */
export function DownloadButton({
  label,
  icon = <IconDownload size={18} />,
  busy,
  onClick,
}: {
  label: string;
  icon?: ReactNode;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="default" leftSection={icon} loading={busy} onClick={onClick}>
      {label}
    </Button>
  );
}
