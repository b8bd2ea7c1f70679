import { formatCount, formatSAR, type User } from '@idara/domain';
import { Group, Paper, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconCalendarDollar,
  IconChevronLeft,
  IconListCheck,
  IconMoon,
  IconProgress,
  IconShoppingCartPlus,
  IconWallet,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { canOpen } from '../../app/access';
import { findRoute } from '../../app/routes';
import { useAuth } from '../../lib/auth';
import { cardLinks, type Dashboard, halalasOf } from './dashboard-api';
import classes from './HomePage.module.css';

type Icon = typeof IconWallet;

export interface Kpi {
  key: string;
  label: string;
  value: string;
  /** Under the value, e.g. the month's name. */
  hint?: string;
  icon: Icon;
  color: string;
  /** The list it opens (shown as a link only when the user may open that screen). */
  to?: string;
}

const countText = (n: number | undefined) => formatCount(n ?? 0);

/** Path part of a link (before `?`), checked against the route table. */
function mayOpen(user: User | null, to: string): boolean {
  const meta = findRoute(to.split('?')[0]);
  return !!meta && canOpen(meta, user);
}

/** The month's paid revenue in both calendars, the Hijri month first. */
const REVENUE_MONTHS = [
  { key: 'revenueHijriMonth', label: 'إيرادات الشهر الهجري', icon: IconMoon, color: 'teal' },
  { key: 'revenueGregorianMonth', label: 'إيرادات الشهر الميلادي', icon: IconCalendarDollar, color: 'green' },
] as const;

export function kpisOf(cards: NonNullable<Dashboard['cards']>, now = new Date()): Kpi[] {
  const out: Kpi[] = [];
  if (cards.ordersToday !== undefined)
    out.push({
      key: 'ordersToday',
      label: 'طلبات اليوم',
      value: countText(cards.ordersToday),
      icon: IconShoppingCartPlus,
      color: 'blue',
      to: cardLinks.ordersToday(now),
    });
  if (cards.openOrders !== undefined)
    out.push({
      key: 'openOrders',
      label: 'الطلبات المفتوحة',
      value: countText(cards.openOrders),
      hint: 'جديدة وقيد التنفيذ',
      icon: IconProgress,
      color: 'orange',
      to: cardLinks.openOrders(),
    });
  for (const { key, label, icon, color } of REVENUE_MONTHS) {
    const month = cards[key];
    if (month)
      out.push({
        key,
        label,
        value: formatSAR(halalasOf(month.amount)),
        hint: month.label,
        icon,
        color,
        to: cardLinks[key](now),
      });
  }
  if (cards.unpaidBalance !== undefined)
    out.push({
      key: 'unpaidBalance',
      label: 'المستحق على العملاء',
      value: formatSAR(halalasOf(cards.unpaidBalance)),
      hint: 'المفوتر ولم يُدفع بعد',
      icon: IconWallet,
      color: 'red',
      to: cardLinks.unpaidBalance(),
    });
  if (cards.myOpenTasks !== undefined)
    out.push({
      key: 'myOpenTasks',
      label: 'مهامي المفتوحة',
      value: countText(cards.myOpenTasks),
      icon: IconListCheck,
      color: 'grape',
      to: cardLinks.myOpenTasks(),
    });
  return out;
}

function CardBody({ kpi, linked }: { kpi: Kpi; linked: boolean }) {
  return (
    <Stack gap={6}>
      <Group wrap="nowrap" gap="sm">
        <ThemeIcon size={36} radius="md" variant="light" color={kpi.color} aria-hidden>
          <kpi.icon size={20} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0 }} lineClamp={2}>
          {kpi.label}
        </Text>
        {linked && <IconChevronLeft size={18} className={classes.chevron} aria-hidden />}
      </Group>
      <Text fw={700} lh={1.25} className={classes.kpiValue}>
        <bdi>{kpi.value}</bdi>
      </Text>
      {kpi.hint && (
        <Text size="xs" c="dimmed" truncate>
          {kpi.hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The cards' grid: its columns follow the number of cards (HomePage.module.css); `compact` puts two
 * on a row of a phone too (a report's figures, read together).
 */
export function KpiGrid({
  children,
  count,
  testId = 'kpi-cards',
  compact,
}: {
  children: ReactNode;
  count: number;
  testId?: string;
  compact?: boolean;
}) {
  return (
    <div
      className={classes.kpiGrid}
      data-count={count}
      data-compact={compact || undefined}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** Cards, each a link to its list when the user may open it. */
export function KpiTiles({ kpis, testId, compact }: { kpis: Kpi[]; testId?: string; compact?: boolean }) {
  const { user } = useAuth();
  if (kpis.length === 0) return null;
  return (
    <KpiGrid count={kpis.length} testId={testId} compact={compact}>
      {kpis.map((kpi) => {
        const linked = !!kpi.to && mayOpen(user, kpi.to);
        return linked && kpi.to ? (
          <UnstyledButton
            key={kpi.key}
            component={Link}
            to={kpi.to}
            className={classes.card}
            data-testid={`kpi-${kpi.key}`}
          >
            <CardBody kpi={kpi} linked />
          </UnstyledButton>
        ) : (
          <Paper key={kpi.key} className={classes.card} data-testid={`kpi-${kpi.key}`}>
            <CardBody kpi={kpi} linked={false} />
          </Paper>
        );
      })}
    </KpiGrid>
  );
}

export function KpiCards({ cards }: { cards: NonNullable<Dashboard['cards']> }) {
  return <KpiTiles kpis={kpisOf(cards)} />;
}

export function KpiSkeletons({ count = 6, testId }: { count?: number; testId?: string }) {
  return (
    <KpiGrid count={count} testId={testId}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Paper key={i} className={classes.card}>
          <Stack gap={10}>
            <Group wrap="nowrap" gap="sm">
              <Skeleton height={36} width={36} radius="md" />
              <Skeleton height={12} width="45%" />
            </Group>
            <Skeleton height={24} width="65%" />
            <Skeleton height={10} width="35%" />
          </Stack>
        </Paper>
      ))}
    </KpiGrid>
  );
}
