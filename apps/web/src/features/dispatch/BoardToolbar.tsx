import { arabicPlural, arabicWeekdayOf, formatGregorianDate, formatHijriDate, VISITS } from '@idara/domain';
import { ActionIcon, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconUserQuestion } from '@tabler/icons-react';
import {
  ListSearch,
  type ListState,
  LookupFilter,
  TextFilter,
  toolbarField,
} from '../../components/data-table';
import { useCityLookup, useGovernmentLookup } from '../../lib/lookups';
import { dayNoon } from '../../lib/riyadh-day';
import { UserPicker } from '../task/pickers';
import type { BoardView } from './board-range';

/** The range in both calendars: «الأحد 2026/03/08» beside «19 رمضان 1447 هـ». */
function RangeTitle({ view, days }: { view: BoardView; days: string[] }) {
  const first = dayNoon(days[0]);
  const last = dayNoon(days[days.length - 1]);
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Title order={2} fz="h4" data-testid="board-date">
        {view === 'day' ? (
          <>
            {arabicWeekdayOf(first)} <bdi>{formatGregorianDate(first)}</bdi>
          </>
        ) : (
          <>
            <bdi>{formatGregorianDate(first)}</bdi> – <bdi>{formatGregorianDate(last)}</bdi>
          </>
        )}
      </Title>
      <Text size="sm" c="dimmed" data-testid="board-hijri">
        {view === 'day' ? formatHijriDate(first) : `${formatHijriDate(first)} – ${formatHijriDate(last)}`}
      </Text>
    </Stack>
  );
}

/**
 * The board's head: which day or week (previous, today, next; day or week), the range's counters,
 * the search and the place filters — region, city, the customer's district — in the address (so a
 * link opens the same board), and a lane to add.
 */
export function BoardToolbar({
  state,
  view,
  days,
  counters,
  total,
  onStep,
  onToday,
  onView,
  onAddLane,
}: {
  state: ListState;
  view: BoardView;
  days: string[];
  counters: { overdue: number; unassigned: number; overdueText: string; unassignedText: string } | null;
  total: number | null;
  onStep: (step: -1 | 1) => void;
  onToday: () => void;
  onView: (view: BoardView) => void;
  onAddLane: (userId: string) => void;
}) {
  const regions = useGovernmentLookup();
  const cities = useCityLookup();
  const region = state.filters.region ?? null;
  const cityOptions = (cities.data?.rows ?? [])
    .filter((c) => !region || c.government === region)
    .map((c) => ({ value: c._id, label: c.name }));
  const unit = view === 'day' ? 'اليوم' : 'الأسبوع';
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={`${unit} السابق`} onClick={() => onStep(-1)}>
              <IconChevronRight size={18} />
            </ActionIcon>
            <Button variant="default" onClick={onToday}>
              اليوم
            </Button>
            <ActionIcon variant="default" size="lg" aria-label={`${unit} التالي`} onClick={() => onStep(1)}>
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Group>
          <RangeTitle view={view} days={days} />
        </Group>
        <SegmentedControl
          aria-label="العرض"
          value={view}
          onChange={(v) => onView(v as BoardView)}
          data={[
            { value: 'day', label: 'يوم' },
            { value: 'week', label: 'أسبوع' },
          ]}
        />
      </Group>
      {counters && total !== null && (
        <Group gap="xs" data-testid="board-counters">
          <Badge size="lg" variant="light" color="gray">
            {arabicPlural(total, VISITS)}
          </Badge>
          {[
            {
              id: 'overdue-count',
              n: counters.overdue,
              text: counters.overdueText,
              color: 'red',
              Icon: IconAlertTriangle,
            },
            {
              id: 'unassigned-count',
              n: counters.unassigned,
              text: counters.unassignedText,
              color: 'orange',
              Icon: IconUserQuestion,
            },
          ].map(({ id, n, text, color, Icon }) => (
            <Badge
              key={id}
              size="lg"
              variant="light"
              color={n ? color : 'gray'}
              leftSection={n ? <Icon size={14} aria-hidden /> : null}
              data-testid={id}
            >
              {text}
            </Badge>
          ))}
        </Group>
      )}
      <Group gap="sm" wrap="wrap" align="flex-end">
        <ListSearch state={state} placeholder="ابحث برقم الزيارة أو العميل أو العنوان" />
        <LookupFilter
          state={state}
          filter="region"
          label="المنطقة"
          placeholder="كل المناطق"
          data={regions.data?.options ?? []}
          onChange={(v) => {
            const city = state.filters.city;
            const keepCity = v && city && cities.data?.byId.get(city)?.government === v;
            state.setFilters({ region: v, city: keepCity ? city : null });
          }}
        />
        <LookupFilter state={state} filter="city" label="المدينة" placeholder="كل المدن" data={cityOptions} />
        <TextFilter state={state} filter="district" label="الحي" placeholder="الحي" width={160} />
        <UserPicker
          aria-label="إضافة مسار فني"
          placeholder="إضافة فني إلى اللوحة"
          value={null}
          onChange={(id) => id && onAddLane(id)}
          {...toolbarField(220)}
          radius="xl"
        />
      </Group>
    </Stack>
  );
}
