import { formatCount } from '@idara/domain';
import { Anchor, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAlarm, IconChevronLeft, IconCircleCheck, IconListCheck, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RecordNumber } from '../../components/data-table/cells';
import { useNow } from '../../lib/use-now';
import { TaskStatusBadge, TimeLeftBadge } from '../task/task-ui';
import type { DashboardMyTasks, DashboardTask } from './dashboard-api';
import classes from './HomePage.module.css';
import { ChartCard, ChartEmpty } from './Panel';

function Count({
  label,
  value,
  color,
  to,
  testId,
}: {
  label: string;
  value: number;
  color: string;
  to: string;
  testId: string;
}) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.card} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.2} c={value > 0 ? color : undefined} className={classes.kpiValue}>
            <bdi>{formatCount(value)}</bdi>
          </Text>
        </Stack>
        <IconChevronLeft size={18} className={classes.chevron} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

function TaskItem({ task, now }: { task: DashboardTask; now: Date }) {
  return (
    <li className={classes.activityItem}>
      <UnstyledButton
        component={Link}
        to={`/tasks/${task._id}`}
        className={classes.taskLink}
        aria-label={`المهمة رقم ${task.number}: ${task.title}`}
      >
        <Group wrap="nowrap" gap="sm" align="flex-start" justify="space-between">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <RecordNumber value={task.number} size="xs" c="dimmed" />
              <Text size="sm" fw={600} truncate>
                {task.title}
              </Text>
            </Group>
            <Group gap={6} wrap="wrap">
              <TaskStatusBadge status={task.status} size="xs" />
              {task.customerName && (
                <Text size="xs" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
                  <IconUser size={12} aria-hidden />
                  <bdi>{task.customerName}</bdi>
                </Text>
              )}
            </Group>
          </Stack>
          {task.dueAt ? (
            <TimeLeftBadge dueAt={task.dueAt} status={task.status} now={now} size="sm" />
          ) : (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              بدون موعد
            </Text>
          )}
        </Group>
      </UnstyledButton>
    </li>
  );
}

/** "مهامي المفتوحة": open and overdue counts and the 5 nearest due, each with its time left. */
export function MyTasksCard({ data }: { data: DashboardMyTasks }) {
  const now = useNow();
  return (
    <ChartCard
      title="مهامي المفتوحة"
      icon={IconListCheck}
      testId="my-tasks-card"
      action={
        <Anchor component={Link} to="/tasks" size="sm" style={{ whiteSpace: 'nowrap' }}>
          كل مهامي
        </Anchor>
      }
    >
      {data.open === 0 && data.items.length === 0 ? (
        <Group gap="sm" wrap="nowrap" className={classes.empty} p="sm" data-testid="my-tasks-empty">
          <ThemeIcon variant="light" color="teal" size={36} aria-hidden>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            لا توجد مهام مفتوحة مسندة إليك الآن.
          </Text>
        </Group>
      ) : (
        <div className={classes.myTasks}>
          <div className={classes.myTasksCounts}>
            <Count label="مفتوحة" value={data.open} color="blue" to="/tasks" testId="my-tasks-open" />
            <Count label="متأخرة" value={data.overdue} color="red" to="/tasks" testId="my-tasks-overdue" />
          </div>
          {data.items.length === 0 ? (
            <ChartEmpty icon={IconAlarm} height={140} text="لا توجد مهام مفتوحة مسندة إليك." />
          ) : (
            <Stack component="ul" gap={0} className={classes.activityList} aria-label="أقرب المهام موعداً">
              {data.items.map((t) => (
                <TaskItem key={t._id} task={t} now={now} />
              ))}
            </Stack>
          )}
        </div>
      )}
    </ChartCard>
  );
}
