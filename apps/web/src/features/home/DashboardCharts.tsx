import '@mantine/charts/styles.css';
import { arabicPlural, formatCount, formatSAR, ORDERS } from '@idara/domain';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChartBar, IconChartDonut, IconTrophy } from '@tabler/icons-react';
import { chartPoints, type Dashboard } from './dashboard-api';
import classes from './HomePage.module.css';
import { ChartCard, ChartEmpty } from './Panel';

/** Compact Arabic axis numbers with Latin digits: 12500 → '12.5 ألف'. */
const compactFormat = new Intl.NumberFormat('ar-SA-u-nu-latn', {
  notation: 'compact',
  maximumFractionDigits: 1,
});
const compact = (n: number) => compactFormat.format(n);
const countText = formatCount;

/** Axis text: the month's name without its year ('مارس 2026' → 'مارس'); the tooltip has it whole. */
const monthName = (label: string) => label.replace(/\s*\d{4}\s*(هـ|م)?\s*$/u, '').trim() || label;
// The chart box is left to right: the RLM keeps the ellipsis at the (left) end of Arabic text.
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…\u200F` : text;

const STATUS_COLORS: Record<string, string> = {
  new: 'blue.6',
  in_progress: 'orange.6',
  completed: 'teal.6',
  cancelled: 'gray.6',
};

/** Ticks of a y-axis drawn on the right (the chart reads right to left). */
const rightAxisTick = { transform: 'translate(8, 0)', fontSize: 12, fill: 'currentColor' };

interface TooltipRow {
  label: string;
  value: string;
  color?: string;
}

/** Chart tooltip in Arabic, right to left (the chart's own box is left to right). */
function TooltipBox({ title, rows }: { title?: string; rows: TooltipRow[] }) {
  return (
    <Paper
      dir="rtl"
      withBorder
      shadow="md"
      radius="md"
      px="sm"
      py={8}
      className={classes.tooltip}
      data-testid="chart-tooltip"
    >
      {title && (
        <Text size="sm" fw={700} mb={4}>
          {title}
        </Text>
      )}
      <Stack gap={2}>
        {rows.map((r) => (
          <Group key={r.label} justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              {r.color && <Box className={classes.swatch} bg={r.color} aria-hidden />}
              <Text size="sm" c="dimmed">
                {r.label}
              </Text>
            </Group>
            <Text size="sm" fw={600}>
              <bdi>{r.value}</bdi>
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** What the home's bar charts share: compact riyal values, value lines only, no tick marks. */
const BAR_LOOK = { valueFormatter: compact, gridAxis: 'y', tickLine: 'none' } as const;

/** recharts hands the hovered data row to the tooltip as `payload[0].payload`. */
function hovered<T>(props: { active?: boolean; payload?: readonly { payload?: unknown }[] }): T | null {
  if (!props.active || !props.payload?.length) return null;
  return (props.payload[0]?.payload as T) ?? null;
}

export function RevenueChart({ data }: { data: NonNullable<Dashboard['revenueByMonth']> }) {
  const points = chartPoints(data);
  const total = points.reduce((s, p) => s + p.halalas, 0);
  const height = 260;
  return (
    <ChartCard
      title="الإيرادات الشهرية"
      icon={IconChartBar}
      testId="chart-revenue"
      action={
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} title="مجموع آخر 12 شهراً">
          <bdi>{formatSAR(total)}</bdi>
        </Text>
      }
    >
      {total === 0 ? (
        <ChartEmpty
          icon={IconChartBar}
          height={height}
          text="لا توجد إيرادات مسجلة بعد. تظهر هنا المدفوعات المسددة لآخر 12 شهراً."
        />
      ) : (
        <BarChart
          h={height}
          data={points}
          dataKey="label"
          series={[{ name: 'amount', label: 'الإيرادات', color: 'teal.6' }]}
          maxBarWidth={28}
          {...BAR_LOOK}
          xAxisProps={{ reversed: true, tickFormatter: monthName, minTickGap: 8 }}
          yAxisProps={{ orientation: 'right', width: 64, tick: rightAxisTick }}
          tooltipProps={{
            content: (props) => {
              const p = hovered<(typeof points)[number]>(props);
              return p ? (
                <TooltipBox title={p.label} rows={[{ label: 'الإيرادات', value: formatSAR(p.halalas) }]} />
              ) : null;
            },
          }}
        />
      )}
    </ChartCard>
  );
}

export function OrdersByStatusChart({ data }: { data: NonNullable<Dashboard['ordersByStatus']> }) {
  const cells = data.map((s) => ({
    name: s.label,
    value: s.count,
    color: STATUS_COLORS[s.status] ?? 'gray.5',
  }));
  const total = cells.reduce((n, c) => n + c.value, 0);
  const size = 180;
  return (
    <ChartCard title="الطلبات حسب الحالة" icon={IconChartDonut} testId="chart-status">
      {total === 0 ? (
        <ChartEmpty icon={IconChartDonut} height={260} text="لا توجد طلبات بعد." />
      ) : (
        <Stack align="center">
          <DonutChart
            data={cells.filter((c) => c.value > 0)}
            size={size}
            thickness={26}
            paddingAngle={2}
            chartLabel={countText(total)}
            styles={{ label: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 700 } }}
            tooltipDataSource="segment"
            tooltipProps={{
              content: (props) => {
                const c = hovered<{ name: string; value: number; fill?: string }>(props);
                const cell = c && cells.find((x) => x.name === c.name);
                return cell ? (
                  <TooltipBox
                    rows={[
                      {
                        label: cell.name,
                        value: arabicPlural(cell.value, ORDERS, countText),
                        color: cell.color,
                      },
                    ]}
                  />
                ) : null;
              },
            }}
          />
          <Box component="ul" className={classes.legend} aria-label="الطلبات حسب الحالة">
            {cells.map((c) => (
              <li key={c.name}>
                <Box className={classes.swatch} bg={c.color} aria-hidden />
                <Text size="sm" span style={{ flex: 1 }}>
                  {c.name}
                </Text>
                <Text size="sm" fw={600} span>
                  {countText(c.value)}
                </Text>
              </li>
            ))}
          </Box>
        </Stack>
      )}
    </ChartCard>
  );
}

export function TopServicesChart({ data }: { data: NonNullable<Dashboard['topServices']> }) {
  const points = chartPoints(data);
  const height = Math.max(200, points.length * 56 + 40);
  return (
    <ChartCard title="الخدمات الأكثر طلباً" icon={IconTrophy} testId="chart-services">
      {points.length === 0 ? (
        <ChartEmpty icon={IconTrophy} height={200} text="لا توجد خدمات مطلوبة بعد." />
      ) : (
        <BarChart
          h={height}
          data={points}
          dataKey="name"
          orientation="vertical"
          series={[{ name: 'amount', label: 'المبيعات', color: 'indigo.6' }]}
          maxBarWidth={22}
          {...BAR_LOOK}
          xAxisProps={{ reversed: true, tickFormatter: compact }}
          yAxisProps={{
            orientation: 'right',
            width: 140,
            tick: rightAxisTick,
            tickFormatter: (v: string) => clip(String(v), 20),
          }}
          tooltipProps={{
            content: (props) => {
              const p = hovered<(typeof points)[number]>(props);
              return p ? (
                <TooltipBox
                  title={p.name}
                  rows={[
                    { label: 'المبيعات', value: formatSAR(p.halalas) },
                    { label: 'الكمية', value: countText(p.quantity) },
                  ]}
                />
              ) : null;
            },
          }}
        />
      )}
    </ChartCard>
  );
}
