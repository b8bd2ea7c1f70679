import type { NotificationItem } from '@idara/domain';
import { Badge, Button, Center, Group, Loader, ScrollArea, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff, IconChecks, IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RetryButton } from '../../components/feedback';
import { useNow } from '../../lib/use-now';
import classes from './Notification.module.css';
import { markAllRead, markRead, removeNotification } from './notification-store';
import { NotificationRow } from './notification-ui';
import { useNotificationCentre } from './use-notifications';

/** The centre in the bell's popover: the latest 5, newest first (spec §2, §9). */
export function NotificationCenter({ onClose }: { onClose: () => void }) {
  const { items, unreadCount, isPending, isError, refetch } = useNotificationCentre();
  const now = useNow();

  const open = (item: NotificationItem) => {
    markRead(item);
    if (item.link) onClose();
  };
  const remove = (item: NotificationItem) => void removeNotification(item).catch(() => {});

  let content: React.ReactNode;
  if (isPending) {
    content = (
      <Center py="xl" role="status" aria-label="جارٍ تحميل الإشعارات">
        <Loader size="sm" />
      </Center>
    );
  } else if (isError) {
    content = (
      <Stack align="center" gap="xs" py="lg" px="md" ta="center">
        <Text size="sm" c="red">
          تعذر تحميل الإشعارات
        </Text>
        <RetryButton radius={undefined} color={undefined} onRetry={refetch} />
      </Stack>
    );
  } else if (items.length === 0) {
    content = (
      <Stack align="center" gap={6} py="xl" px="md" ta="center" data-testid="notifications-empty">
        <ThemeIcon size={48} variant="light" color="gray" aria-hidden>
          <IconBellOff size={24} />
        </ThemeIcon>
        <Text fw={600}>لا توجد إشعارات</Text>
        <Text size="sm" c="dimmed">
          ستظهر هنا إشعارات العملاء والطلبات والمدفوعات فور وصولها.
        </Text>
      </Stack>
    );
  } else {
    content = (
      <ScrollArea.Autosize mah="min(420px, calc(100dvh - 220px))" type="auto" scrollbarSize={6}>
        <ul className={classes.centreList} aria-label="أحدث الإشعارات">
          {items.map((item, i) => (
            <li key={item._id}>
              <NotificationRow
                item={item}
                now={now}
                compact
                autoFocus={i === 0}
                onOpen={open}
                onDelete={remove}
              />
            </li>
          ))}
        </ul>
      </ScrollArea.Autosize>
    );
  }

  return (
    <div className={classes.centre} data-testid="notification-center">
      <Group className={classes.centreHeader} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={700} component="h2" m={0} fz="md">
            الإشعارات
          </Text>
          {unreadCount > 0 && (
            <Badge color="red" variant="light" radius="xl" size="sm" data-testid="centre-unread">
              <bdi>{unreadCount}</bdi> غير مقروءة
            </Badge>
          )}
        </Group>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconChecks size={16} />}
          // Disabled but still focusable: the focus stays in the panel after the click, so
          // Escape still closes it (a disabled button drops focus to <body>).
          data-disabled={unreadCount === 0 || undefined}
          aria-disabled={unreadCount === 0}
          onClick={() => {
            if (unreadCount > 0) void markAllRead().catch(() => {});
          }}
        >
          تحديد الكل كمقروء
        </Button>
      </Group>
      {content}
      <div className={classes.centreFooter}>
        <Button
          component={Link}
          to="/notification"
          variant="subtle"
          fullWidth
          rightSection={<IconChevronLeft size={16} />}
          onClick={onClose}
        >
          عرض كل الإشعارات
        </Button>
      </div>
    </div>
  );
}
