import { ActionIcon, Select, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconExternalLink } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  type DataTableColumn,
  DateTime,
  FilterSelect,
  ListPage,
  useListQuery,
  useListState,
  useLookup,
} from '../../components/data-table';
import { can, useAuth, useCan } from '../../lib/auth';
import { ActionBadge, ActivityDrawer, type ActivityRow } from './ActivityDrawer';
import { actionOptions, ENTITY_LABELS, ENTITY_ROUTES, entityOptions } from './activity-labels';

const RIYADH_OFFSET = '+03:00';

/** 'YYYY-MM-DD' (a Riyadh day) → ISO instant of its start or end. */
function dayToIso(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}${RIYADH_OFFSET}`).toISOString();
}

/** ISO instant → its Riyadh day 'YYYY-MM-DD'. */
function isoToDay(iso: string | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}

function RecordLink({ row }: { row: ActivityRow }) {
  const { user } = useAuth();
  const route = ENTITY_ROUTES[row.entity];
  if (!route || !row.entityId || row.action === 'delete' || !can(user, [route.permission])) return null;
  return (
    <Tooltip label="فتح السجل" withArrow>
      <ActionIcon
        component={Link}
        to={route.path(row.entityId)}
        variant="subtle"
        radius="xl"
        aria-label="فتح السجل"
      >
        <IconExternalLink size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

export default function ActivityPage() {
  const state = useListState({ sort: '-createdAt' });
  const query = useListQuery<ActivityRow>('/api/activity', state);
  const canUsers = useCan('user:read');
  const users = useLookup<{ _id: string; name: string }>(
    '/api/user',
    { fields: 'name,_id' },
    { enabled: canUsers },
  );
  const [selected, setSelected] = useState<ActivityRow | null>(null);

  const columns = useMemo<DataTableColumn<ActivityRow>[]>(
    () => [
      {
        accessorKey: 'createdAt',
        header: 'التاريخ',
        meta: { nowrap: true },
        cell: (c) => <DateTime value={c.getValue()} />,
      },
      { accessorKey: 'actorName', header: 'المستخدم', cell: (c) => c.getValue() || '—' },
      { accessorKey: 'action', header: 'الإجراء', cell: (c) => <ActionBadge action={c.getValue()} /> },
      {
        accessorKey: 'entity',
        header: 'النوع',
        meta: { nowrap: true },
        cell: (c) => ENTITY_LABELS[c.getValue()] ?? c.getValue(),
      },
      { accessorKey: 'summary', header: 'الوصف', enableSorting: false },
      {
        id: '__link',
        header: () => null,
        enableSorting: false,
        meta: { width: 1 },
        cell: ({ row }) => <RecordLink row={row.original} />,
      },
    ],
    [],
  );

  const from = isoToDay(state.filters.createdAtFrom);
  const to = isoToDay(state.filters.createdAtTo);

  return (
    <>
      <ListPage<ActivityRow>
        resourcePath="/api/activity"
        state={state}
        query={query}
        columns={columns}
        minWidth={860}
        exportTitle="تصدير السجلات"
        searchable={false}
        rowLabel={(r) => r.summary}
        onRowClick={setSelected}
        filters={
          <>
            {canUsers && (
              <Select
                aria-label="المستخدم"
                placeholder="كل المستخدمين"
                data={users.data?.options ?? []}
                value={state.filters.actor ?? null}
                onChange={(v) => state.setFilter('actor', v)}
                clearable
                searchable
                nothingFoundMessage="لا توجد نتائج"
                w={{ base: '100%', xs: 180 }}
                radius="xl"
              />
            )}
            <FilterSelect
              state={state}
              filter="entity"
              label="النوع"
              placeholder="كل الأنواع"
              data={entityOptions}
              width={150}
            />
            <FilterSelect
              state={state}
              filter="action"
              label="الإجراء"
              placeholder="كل الإجراءات"
              data={actionOptions}
              width={190}
            />
            <DatePickerInput
              aria-label="من تاريخ"
              placeholder="من تاريخ"
              leftSection={<IconCalendar size={16} />}
              value={from}
              maxDate={to ?? undefined}
              onChange={(v) =>
                state.setFilter('createdAtFrom', v ? dayToIso(String(v).slice(0, 10), false) : null)
              }
              clearable
              valueFormat="YYYY/MM/DD"
              w={{ base: '100%', xs: 160 }}
              radius="xl"
            />
            <DatePickerInput
              aria-label="إلى تاريخ"
              placeholder="إلى تاريخ"
              leftSection={<IconCalendar size={16} />}
              value={to}
              minDate={from ?? undefined}
              onChange={(v) =>
                state.setFilter('createdAtTo', v ? dayToIso(String(v).slice(0, 10), true) : null)
              }
              clearable
              valueFormat="YYYY/MM/DD"
              w={{ base: '100%', xs: 160 }}
              radius="xl"
            />
          </>
        }
      />
      <ActivityDrawer row={selected} onClose={() => setSelected(null)} />
    </>
  );
}
