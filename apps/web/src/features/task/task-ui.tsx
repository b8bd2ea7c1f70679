import { formatDateTime, formatGregorianDate, formatTimeLeft, taskStatusLabels } from '@idara/domain';
import { Badge, type BadgeProps, SimpleGrid, Text } from '@mantine/core';
import { IconAlarm, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Empty, StatusBadge } from '../../components/data-table/cells';
import { isOpenTask, isOverdue, type TaskStatus, taskStatusColors } from './task-api';

const TASK_STATUS_LOOK = { labels: taskStatusLabels, colors: taskStatusColors, testId: 'task-status' };

/** Coloured status badge with the Arabic label. */
export function TaskStatusBadge(props: { status: TaskStatus } & BadgeProps) {
  return <StatusBadge look={TASK_STATUS_LOOK} {...props} />;
}

/**
 * Time left until the due time in Arabic ('متبقٍ يومان', 'متأخر 3 ساعات'), red once overdue. Only for
 * tasks still in the assignee's hands; nothing otherwise.
 */
export function TimeLeftBadge({
  dueAt,
  status,
  now,
  ...props
}: { dueAt: string | null; status: TaskStatus; now?: Date } & BadgeProps) {
  if (!dueAt || !isOpenTask(status)) return null;
  const left = formatTimeLeft(dueAt, now ?? new Date());
  const Icon = left.overdue ? IconAlarm : IconClockHour4;
  return (
    <Badge
      variant={left.overdue ? 'filled' : 'light'}
      color={left.overdue ? 'red' : 'gray'}
      radius="xl"
      tt="none"
      fw={600}
      leftSection={<Icon size={14} aria-hidden />}
      data-testid="time-left"
      data-overdue={left.overdue || undefined}
      style={{ minWidth: 'max-content' }}
      {...props}
    >
      {withBdiDigits(left.text)}
    </Badge>
  );
}

/** Isolates the digits of a phrase such as 'متأخر 3 ساعات' so they keep their order. */
export function withBdiDigits(text: string) {
  const parts = text.split(/(\d+)/);
  return parts.map((p, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed split of one string
    /^\d+$/.test(p) ? <bdi key={i}>{p}</bdi> : p,
  );
}

/** The due time in a table: date over time, red when overdue. */
export function DueCell({ dueAt, status }: { dueAt: string | null; status: TaskStatus }) {
  if (!dueAt) return <Empty />;
  const late = isOverdue({ dueAt, status });
  const time = formatDateTime(dueAt).slice(0, 7);
  return (
    <span
      style={{ whiteSpace: 'nowrap', color: late ? 'var(--mantine-color-red-text)' : undefined }}
      data-overdue={late || undefined}
    >
      <bdi style={{ fontWeight: late ? 700 : undefined }}>{formatGregorianDate(dueAt)}</bdi>
      <Text component="span" display="block" size="xs" c={late ? 'red' : 'dimmed'}>
        <bdi>{time}</bdi>
        {late ? ' · متأخرة' : ''}
      </Text>
    </span>
  );
}

/** The cards of «مهامي» (tasks, the technician's visits): one a row on a phone, up to three wide. */
export function CardGrid({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, xl: 3 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {children}
    </SimpleGrid>
  );
}
