import { arabicPluralAtLeast, formatDateTime } from '@idara/domain';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChecklist,
  IconCircleCheck,
  IconHourglass,
  IconReceipt,
  IconUser,
} from '@tabler/icons-react';
import { type CSSProperties, Suspense, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RecordNumber } from '../../components/data-table/cells';
import { ErrorAlert, InfoAlert, RetryButton, WarningAlert } from '../../components/feedback';
import { Pager, pagesOf } from '../../components/Pager';
import { EmptyState } from '../../components/page/EmptyState';
import { errorMessage, isApiError } from '../../lib/api-error';
import { authStore, can, useCan } from '../../lib/auth';
import { useAfterFirstPaint } from '../../lib/first-page';
import { preloadable } from '../../lib/preloadable';
import { useNow } from '../../lib/use-now';
import { VISIT_WORK_PERMISSION } from '../field/field-api';
import classes from './Task.module.css';
import { isOverdue, TASKS, type TaskRow, taskPath, taskStatusColors, useTaskList } from './task-api';
import { CardGrid, TaskStatusBadge, TimeLeftBadge } from './task-ui';

/**
 * The technician's day (features/field, with the device store): for those who work visits only.
 * Its code comes with this page's (app/routes.ts); taken here so that the first render draws it.
 */
const MyVisitsSection = preloadable(() => import('../field/MyVisitsSection'));
if (can(authStore.get().user, [VISIT_WORK_PERMISSION])) void MyVisitsSection.load().catch(() => {});

type Tab = 'open' | 'submitted' | 'done';

const PAGE_SIZE = 12;

const TABS: {
  value: Tab;
  label: string;
  icon: typeof IconChecklist;
  query: Record<string, string>;
  empty: string;
  emptyText: string;
}[] = [
  {
    value: 'open',
    label: 'مفتوحة',
    icon: IconHourglass,
    // nearest due first; tasks without a due time come last
    query: { open: 'true', sort: 'dueAt,-createdAt' },
    empty: 'لا توجد مهام مفتوحة',
    emptyText: 'ستظهر هنا المهام التي تُسند إليك لتنفيذها.',
  },
  {
    value: 'submitted',
    label: 'قيد المراجعة',
    icon: IconChecklist,
    query: { status: 'submitted', sort: '-submittedAt' },
    empty: 'لا توجد مهام بانتظار المراجعة',
    emptyText: 'المهام التي ترسلها تنتظر هنا حتى يراجعها المشرف.',
  },
  {
    value: 'done',
    label: 'منجزة',
    icon: IconCircleCheck,
    query: { status: 'approved', sort: '-reviewedAt' },
    empty: 'لا توجد مهام منجزة بعد',
    emptyText: 'تظهر هنا المهام بعد اعتمادها.',
  },
];

const isTab = (v: string | null): v is Tab => v === 'open' || v === 'submitted' || v === 'done';

/** The signed-in user's tasks as cards (works on a 375 px phone): open / under review / done. */
export default function MyTasksPage() {
  const worksVisits = useCan(VISIT_WORK_PERMISSION);
  const seesAllVisits = useCan('visit:read');
  // A technician's first frame is the day: the tasks below it (tabs, counts, cards, their requests)
  // come in the pass right after, not in the one the day's cards wait for.
  const painted = useAfterFirstPaint();
  return (
    <Stack data-testid="my-tasks">
      {worksVisits && (
        <Suspense fallback={null}>
          <MyVisitsSection quietWhenEmpty={seesAllVisits} />
        </Suspense>
      )}
      {(painted || !worksVisits) && <MyTaskList />}
    </Stack>
  );
}

function MyTaskList() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const now = useNow();

  // One cheap count per tab (limit=1), and the overdue ones among the open.
  const counts = {
    open: useTaskList({ mine: 'true', open: 'true', limit: 1, fields: '_id' }),
    submitted: useTaskList({ mine: 'true', status: 'submitted', limit: 1, fields: '_id' }),
    done: useTaskList({ mine: 'true', status: 'approved', limit: 1, fields: '_id' }),
  };
  // Rounded to the minute so the key stays put between renders.
  const nowIso = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  const overdue = useTaskList({ mine: 'true', open: 'true', dueAtTo: nowIso, limit: 1, fields: '_id' });

  const current = TABS.find((t) => t.value === tab) ?? TABS[0];
  const list = useTaskList({ mine: 'true', ...current.query, page, limit: PAGE_SIZE });

  const setTab = (v: string | null) => {
    const next = new URLSearchParams(params);
    if (!v || v === 'open') next.delete('tab');
    else next.set('tab', v);
    next.delete('page');
    setParams(next, { replace: true });
  };
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next, { replace: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const total = list.data?.total ?? 0;
  const pages = pagesOf(total, PAGE_SIZE, list.data?.totalIsCapped);
  const overdueCount = overdue.data?.total ?? 0;

  return (
    <>
      {overdueCount > 0 && (
        <WarningAlert color="red" title="مهام متأخرة" data-testid="overdue-alert">
          لديك <bdi>{arabicPluralAtLeast(overdueCount, TASKS, overdue.data?.totalIsCapped)}</bdi> تجاوزت موعد
          التسليم.
        </WarningAlert>
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false} variant="pills" radius="xl">
        <Tabs.List grow className={classes.tabs} style={{ flexWrap: 'nowrap' }}>
          {TABS.map((t) => {
            const n = counts[t.value].data?.total;
            const more = counts[t.value].data?.totalIsCapped;
            return (
              <Tabs.Tab
                key={t.value}
                value={t.value}
                leftSection={<t.icon size={16} aria-hidden />}
                rightSection={
                  n !== undefined ? (
                    <Badge
                      size="sm"
                      radius="xl"
                      variant={tab === t.value ? 'white' : 'light'}
                      circle={n < 10}
                    >
                      <bdi>{more ? `${n}+` : n}</bdi>
                    </Badge>
                  ) : null
                }
                px="sm"
              >
                {t.label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>

      {(list.fetchStatus === 'paused' && !list.data) ||
      (list.isError && isApiError(list.error) && list.error.status === 0) ? (
        // No network (the query waits for it): the visits above work from the device; tasks come
        // back with the connection.
        <InfoAlert radius="lg" title="المهام تظهر عند عودة الاتصال" data-testid="tasks-offline">
          ستُحمَّل مهامك تلقائياً حين يتصل الجهاز بالشبكة.
        </InfoAlert>
      ) : list.isPending ? (
        <CardSkeletons />
      ) : list.isError ? (
        <ErrorAlert radius="lg" title="تعذر تحميل المهام">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(list.error)}</Text>
            <RetryButton onRetry={() => void list.refetch()} />
          </Stack>
        </ErrorAlert>
      ) : list.data.data.length === 0 ? (
        <EmptyState
          boxed
          testId="my-tasks-empty"
          icon={<current.icon size={26} />}
          title={current.empty}
          text={current.emptyText}
        />
      ) : (
        <>
          <CardGrid label={`المهام ${current.label}`}>
            {list.data.data.map((t) => (
              <li key={t._id} style={{ minWidth: 0 }}>
                <TaskCard task={t} now={now} />
              </li>
            ))}
          </CardGrid>
          {pages > 1 && (
            <Group justify="center">
              <Pager pages={pages} page={page} onChange={setPage} siblings={0} />
            </Group>
          )}
        </>
      )}
    </>
  );
}

function TaskCard({ task, now }: { task: TaskRow; now: Date }) {
  const late = isOverdue(task, now.getTime());
  const order = task.orderNumber !== null && task.order ? task.orderNumber : null;
  return (
    <UnstyledButton
      component={Link}
      to={taskPath(task._id)}
      className={classes.card}
      data-overdue={late || undefined}
      data-status={task.status}
      data-testid="task-card"
      style={
        {
          '--task-accent': `var(--mantine-color-${late ? 'red' : taskStatusColors[task.status]}-filled)`,
        } as CSSProperties
      }
      aria-label={`المهمة رقم ${task.number}: ${task.title}${late ? ' (متأخرة)' : ''}`}
    >
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <RecordNumber value={task.number} size="sm" c="dimmed" />
          <TaskStatusBadge status={task.status} size="sm" />
        </Group>
        <Text fw={700} className={classes.title} lineClamp={2}>
          {task.title}
        </Text>
        {(task.customerName || order !== null) && (
          <div className={classes.meta}>
            {task.customerName && (
              <span>
                <IconUser size={14} aria-hidden />
                <bdi>{task.customerName}</bdi>
              </span>
            )}
            {order !== null && (
              <span>
                <IconReceipt size={14} aria-hidden />
                الطلب <bdi dir="ltr">#{order}</bdi>
              </span>
            )}
          </div>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap" mt={2}>
          <CardTime task={task} />
          <TimeLeftBadge dueAt={task.dueAt} status={task.status} now={now} />
        </Group>
      </Stack>
    </UnstyledButton>
  );
}

function CardTime({ task }: { task: TaskRow }) {
  const [label, value] =
    task.status === 'approved' && task.reviewedAt
      ? ['اعتُمدت', task.reviewedAt]
      : task.status === 'submitted' && task.submittedAt
        ? ['أُرسلت', task.submittedAt]
        : ['التسليم', task.dueAt];
  if (!value)
    return (
      <Text size="xs" c="dimmed">
        بدون موعد تسليم
      </Text>
    );
  return (
    <Text size="xs" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <IconCalendarEvent size={14} aria-hidden />
      {label} <bdi style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</bdi>
    </Text>
  );
}

function CardSkeletons() {
  const items = useMemo(() => Array.from({ length: 4 }, (_, i) => i), []);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" role="status" aria-label="جارٍ التحميل…">
      {items.map((i) => (
        <Paper key={i} withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Skeleton h={12} w={40} />
            <Skeleton h={18} w={70} radius="sm" />
          </Group>
          <Skeleton h={16} w="70%" mb="sm" />
          <Skeleton h={12} w="50%" mb="sm" />
          <Skeleton h={20} w="40%" radius="xl" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
