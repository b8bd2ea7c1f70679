import {
  type NotificationItem,
  type NotificationType,
  notificationTypeMeta,
  notificationTypes,
} from '@idara/domain';
import {
  Button,
  type ButtonProps,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconBellOff, IconChecks, IconFilter, IconMail, IconTrashX } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { confirmDelete } from '../../components/confirm/confirm-delete';
import { ErrorAlert, RetryButton } from '../../components/feedback';
import { useBusy } from '../../components/use-busy';
import { useNow } from '../../lib/use-now';
import classes from './Notification.module.css';
import {
  centreQuery,
  fetchNotifications,
  NOTIFICATION_PAGE_SIZE,
  type NotificationFilters,
  notificationKeys,
  unreadCountQuery,
} from './notification-api';
import {
  markAllRead,
  markAllUnread,
  markRead,
  onListShift,
  removeAllNotifications,
  removeNotification,
} from './notification-store';
import { Digits, NotificationRow, notificationsText, unreadText } from './notification-ui';

const ALL_TYPES = 'all';
const typeOptions = [
  { value: ALL_TYPES, label: 'كل الأنواع' },
  ...notificationTypes.map((t) => ({ value: t, label: notificationTypeMeta[t].label })),
];
const isType = (v: string | null): v is NotificationType =>
  !!v && (notificationTypes as readonly string[]).includes(v);

function RowSkeleton() {
  return (
    <Group gap="sm" wrap="nowrap" p="md" align="flex-start" aria-hidden>
      <Skeleton circle height={40} />
      <Stack gap={8} style={{ flex: 1 }}>
        <Skeleton height={12} width="45%" radius="xl" />
        <Skeleton height={10} width="80%" radius="xl" />
        <Skeleton height={8} width="25%" radius="xl" />
      </Stack>
    </Group>
  );
}

/** All of the user's notifications: filters (unread / all, type), bulk actions, pages of 20. */
/** One of the actions over every notification: small, with its icon, spinning while it runs. */
function AllAction({
  icon: Icon,
  running,
  ...props
}: ButtonProps & { icon: typeof IconMail; running: boolean; onClick: () => void; children: ReactNode }) {
  return <Button size="xs" leftSection={<Icon size={16} />} loading={running} {...props} />;
}

export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const filters: NotificationFilters = {
    unread: params.get('filter') === 'unread',
    type: isType(params.get('type')) ? (params.get('type') as NotificationType) : null,
  };
  const now = useNow();
  const unreadCount = useQuery(unreadCountQuery).data ?? 0;
  // All of the user's notifications (the centre's total), whatever the filters: the bulk actions act on all.
  const allCount = useQuery(centreQuery).data?.total ?? 0;
  const [busy, run] = useBusy<'read' | 'unread' | 'delete'>();

  const list = useInfiniteQuery({
    queryKey: notificationKeys.page(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchNotifications(pageParam, NOTIFICATION_PAGE_SIZE, filters, { signal, stopAlert: true }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) =>
      last.totalIsCapped || lastParam * NOTIFICATION_PAGE_SIZE < last.total ? lastParam + 1 : undefined,
  });

  // A change that moves items between pages (read under the unread filter, a delete) makes the
  // next page's offset stale: the loaded pages are fetched again before the next one.
  const stale = useRef(false);
  useEffect(() => onListShift(() => (stale.current = true)), []);
  const loadMore = async () => {
    if (stale.current) {
      stale.current = false;
      await list.refetch();
    }
    await list.fetchNextPage();
  };

  const items = useMemo(() => {
    const seen = new Set<string>();
    const out: NotificationItem[] = [];
    for (const page of list.data?.pages ?? []) {
      for (const n of page.data) {
        if (seen.has(n._id)) continue;
        seen.add(n._id);
        out.push(n);
      }
    }
    return out;
  }, [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = filters.unread || filters.type !== null;

  const setFilter = (key: 'filter' | 'type', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const onDelete = (item: NotificationItem) =>
    confirmDelete({
      header: 'حذف الإشعار',
      message: `هل تريد حذف الإشعار «${item.title}»؟ لا يمكن التراجع عن هذا الإجراء.`,
      accept: () => removeNotification(item).catch(() => {}),
    });

  const onDeleteAll = () =>
    confirmDelete({
      header: 'حذف كل الإشعارات',
      message: 'سيتم حذف جميع إشعاراتك نهائياً، ولا يمكن التراجع عن هذا الإجراء. هل تريد المتابعة؟',
      accept: () => run('delete', removeAllNotifications),
    });

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <div role="status" aria-label="جارٍ تحميل الإشعارات">
        <RowSkeleton />
        <RowSkeleton />
        <RowSkeleton />
      </div>
    );
  } else if (list.isError && items.length === 0) {
    body = (
      <ErrorAlert m="md" title="تعذر تحميل الإشعارات">
        <RetryButton mt="xs" radius={undefined} onRetry={() => void list.refetch()} />
      </ErrorAlert>
    );
  } else if (items.length === 0) {
    body = (
      <Stack align="center" gap={6} py={48} px="md" ta="center" data-testid="notifications-empty">
        <ThemeIcon size={56} variant="light" color="gray" aria-hidden>
          <IconBellOff size={28} />
        </ThemeIcon>
        <Text fw={600}>
          {filters.unread
            ? 'لا توجد إشعارات غير مقروءة'
            : filtered
              ? 'لا توجد إشعارات من هذا النوع'
              : 'لا توجد إشعارات'}
        </Text>
        <Text size="sm" c="dimmed">
          {filtered
            ? 'غيّر عوامل التصفية لعرض إشعارات أخرى.'
            : 'ستظهر هنا إشعارات العملاء والطلبات والمدفوعات والمهام فور وصولها.'}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <ul className={classes.pageList} aria-label="الإشعارات" data-testid="notification-list">
        {items.map((item) => (
          <li key={item._id}>
            <NotificationRow item={item} now={now} onOpen={markRead} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Stack data-testid="notifications-page">
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <SegmentedControl
              aria-label="حالة القراءة"
              value={filters.unread ? 'unread' : 'all'}
              onChange={(v) => setFilter('filter', v === 'unread' ? 'unread' : null)}
              data={[
                { value: 'all', label: 'الكل' },
                { value: 'unread', label: 'غير المقروءة' },
              ]}
            />
            <Select
              aria-label="نوع الإشعار"
              placeholder="كل الأنواع"
              leftSection={<IconFilter size={16} aria-hidden />}
              data={typeOptions}
              value={filters.type ?? ALL_TYPES}
              onChange={(v) => setFilter('type', v === ALL_TYPES ? null : v)}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
              comboboxProps={{ withinPortal: true }}
              data-testid="notification-type-filter"
            />
          </Group>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="notification-summary">
              {filtered ? 'نتائج التصفية: ' : 'المجموع: '}
              <Digits text={notificationsText(total)} /> · <Digits text={unreadText(unreadCount)} />
            </Text>
            <Group gap="xs" wrap="wrap">
              <AllAction
                variant="light"
                icon={IconChecks}
                disabled={unreadCount === 0}
                running={busy === 'read'}
                onClick={() => void run('read', markAllRead)}
              >
                تحديد الكل كمقروء
              </AllAction>
              <AllAction
                variant="default"
                icon={IconMail}
                disabled={allCount === 0}
                running={busy === 'unread'}
                onClick={() => void run('unread', markAllUnread)}
              >
                تحديد الكل كغير مقروء
              </AllAction>
              <AllAction
                variant="light"
                color="red"
                icon={IconTrashX}
                disabled={allCount === 0}
                running={busy === 'delete'}
                onClick={onDeleteAll}
              >
                حذف الكل
              </AllAction>
            </Group>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder style={{ overflow: 'hidden' }}>
        {body}
      </Paper>

      {list.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void loadMore()}
            data-testid="notifications-load-more"
          >
            تحميل المزيد
          </Button>
        </Group>
      )}
      {items.length > 0 && !list.hasNextPage && total > NOTIFICATION_PAGE_SIZE && (
        <Text size="sm" c="dimmed" ta="center">
          لا توجد إشعارات أخرى
        </Text>
      )}
    </Stack>
  );
}
