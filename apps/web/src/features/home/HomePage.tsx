import { arabicWeekdayOf, formatGregorianDate, formatHijriDate } from '@idara/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconPlus } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { canOpen } from '../../app/access';
import { visibleNavigation } from '../../app/navigation';
import { findRoute } from '../../app/routes';
import { RetryButton, WarningAlert } from '../../components/feedback';
import { can, useAuth } from '../../lib/auth';
import { useAfterFirstPaint } from '../../lib/first-page';
import { EinvoicingWarning } from '../einvoicing/EinvoicingWarning';
import { AgingCards } from './AgingCards';
import { BackupWarning } from './BackupWarning';
import { type Dashboard, halalasOf, useDashboard } from './dashboard-api';
import classes from './HomePage.module.css';
import { KpiCards, KpiSkeletons } from './KpiCards';
import { MyTasksCard } from './MyTasksCard';
import { PanelSkeleton } from './Panel';
import { RecentActivity } from './RecentActivity';

// The charts (recharts) are the heaviest code on this screen. Each loads when its place comes near
// the viewport: on a phone they are below the cards, and the cards paint without waiting for them.
const charts = () => import('./DashboardCharts');
const RevenueChart = lazy(() => charts().then((m) => ({ default: m.RevenueChart })));
const OrdersByStatusChart = lazy(() => charts().then((m) => ({ default: m.OrdersByStatusChart })));
const TopServicesChart = lazy(() => charts().then((m) => ({ default: m.TopServicesChart })));

/** True once the element is within 300 px of the viewport (at once where IntersectionObserver is missing). */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

function Deferred({ children, height }: { children: ReactNode; height: number }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const skeleton = <PanelSkeleton height={height} />;
  return (
    <div ref={ref} data-testid="chart-slot" style={{ height: '100%' }}>
      {near ? <Suspense fallback={skeleton}>{children}</Suspense> : skeleton}
    </div>
  );
}

/** A dashboard part's chart, drawn once it nears the viewport; nothing when the user has no such part. */
function chartOf<T>(data: T | undefined, height: number, draw: (data: T) => ReactNode): ReactNode {
  return data ? <Deferred height={height}>{draw(data)}</Deferred> : null;
}

function Today() {
  const now = new Date();
  return (
    <Text c="dimmed">
      {arabicWeekdayOf(now)}، <bdi>{formatHijriDate(now)}</bdi> — الموافق{' '}
      <bdi>{formatGregorianDate(now)}</bdi> م
    </Text>
  );
}

/** A fresh system: nothing ordered, nothing paid, nothing owed. */
function isEmpty(d: Dashboard): boolean {
  const c = d.cards ?? {};
  const money = [c.unpaidBalance, c.revenueHijriMonth?.amount, c.revenueGregorianMonth?.amount];
  return (
    !c.ordersToday &&
    !c.openOrders &&
    money.every((m) => halalasOf(m) === 0) &&
    (d.ordersByStatus ?? []).every((s) => s.count === 0) &&
    (d.revenueByMonth ?? []).every((m) => halalasOf(m.amount) === 0) &&
    (d.topServices ?? []).length === 0
  );
}

function FreshSystemHint() {
  const { user } = useAuth();
  const newOrder = findRoute('/dashboard/order/new');
  const canAdd = !!newOrder && canOpen(newOrder, user);
  return (
    <Paper className={classes.panel} data-testid="dashboard-empty">
      <Group justify="space-between">
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Text fw={700}>لا توجد بيانات بعد</Text>
          <Text size="sm" c="dimmed">
            ستظهر هنا الطلبات والإيرادات والخدمات الأكثر طلباً بمجرد البدء في استخدام النظام.
          </Text>
        </div>
        {canAdd && (
          <Button component={Link} to="/dashboard/order/new" leftSection={<IconPlus size={18} />}>
            إضافة طلب
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Two panels side by side from lg up; a lone panel takes the whole row. */
function PanelRow({ main, side }: { main: ReactNode; side: ReactNode }) {
  if (!main && !side) return null;
  if (!main || !side) return <div>{main ?? side}</div>;
  return (
    <div className={classes.panelRow}>
      <div>{main}</div>
      <div>{side}</div>
    </div>
  );
}

function DashboardView({ data }: { data: Dashboard }) {
  return (
    <Stack data-testid="dashboard">
      {data.cards && <KpiCards cards={data.cards} />}
      <AgingCards />
      {data.myTasks && <MyTasksCard data={data.myTasks} />}
      {isEmpty(data) && (data.ordersByStatus || data.revenueByMonth) && <FreshSystemHint />}
      <PanelRow
        main={chartOf(data.revenueByMonth, 260, (d) => <RevenueChart data={d} />)}
        side={chartOf(data.ordersByStatus, 260, (d) => <OrdersByStatusChart data={d} />)}
      />
      <PanelRow
        main={chartOf(data.topServices, 200, (d) => <TopServicesChart data={d} />)}
        side={data.recentActivity ? <RecentActivity rows={data.recentActivity} /> : null}
      />
    </Stack>
  );
}

/** Placeholders shaped like what this user will see (the parts follow their permissions). */
function DashboardLoading() {
  const { user } = useAuth();
  const orders = can(user, ['order:read']);
  const payments = can(user, ['payment:read']);
  const tasks = can(user, ['task:read']);
  const cards = (orders ? 2 : 0) + (payments ? 3 : 0);
  return (
    <Stack aria-busy="true" aria-label="جارٍ تحميل لوحة المعلومات" data-testid="dashboard-loading">
      {cards > 0 && <KpiSkeletons count={cards} />}
      {tasks && <PanelSkeleton height={140} />}
      {(orders || payments) && (
        <PanelRow main={<PanelSkeleton height={260} />} side={<PanelSkeleton height={260} />} />
      )}
    </Stack>
  );
}

function DashboardError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <WarningAlert color="red" title="تعذر تحميل لوحة المعلومات" data-testid="dashboard-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <RetryButton
          size={undefined}
          radius={undefined}
          variant="outline"
          iconSize={16}
          onRetry={onRetry}
          loading={retrying}
        />
      </Stack>
    </WarningAlert>
  );
}

function QuickAccess() {
  const { user } = useAuth();
  const items = visibleNavigation(user)
    .flatMap((g) => g.items)
    .filter((i) => i.path !== '/');
  if (items.length === 0) return null;
  return (
    <div>
      <Title order={2} fz="h4" mb="sm">
        الوصول السريع
      </Title>
      {/* Plain elements styled by the module: twenty cards of Mantine components cost a phone a
          noticeable share of the page's first render, below the fold. */}
      <div className={`${classes.quickAccess} ${classes.below}`}>
        {items.map((item) => (
          <Link key={item.path} to={item.path} className={classes.card}>
            <span className={classes.cardIcon}>
              <item.icon size={24} aria-hidden />
            </span>
            <span className={classes.cardText}>
              <span className={classes.cardTitle}>{item.label}</span>
              {item.description && <span className={classes.cardDescription}>{item.description}</span>}
            </span>
            <IconChevronLeft size={18} className={classes.chevron} aria-hidden />
          </Link>
        ))}
      </div>
    </div>
  );
}

export default function HomePage() {
  const { user } = useAuth();
  const dashboard = useDashboard();
  // The figures arrive through the query store, which renders synchronously; deferred, the cards,
  // lists and charts render in an interruptible pass while the skeletons stay a moment longer —
  // and on the first page of a visit, only after the greeting and skeletons have painted.
  const deferredData = useDeferredValue(dashboard.data);
  const data = useAfterFirstPaint() ? deferredData : undefined;
  return (
    <Stack gap="xl">
      <Paper withBorder className={classes.hero}>
        <Title order={2} className={classes.heroTitle}>
          مرحباً، {user?.name}
        </Title>
        <Today />
      </Paper>
      <BackupWarning />
      <EinvoicingWarning />
      {dashboard.isError ? (
        <DashboardError
          message={dashboard.error.message}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : data ? (
        <DashboardView data={data} />
      ) : (
        <DashboardLoading />
      )}
      <QuickAccess />
    </Stack>
  );
}
