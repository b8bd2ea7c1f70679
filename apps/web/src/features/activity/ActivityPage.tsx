import type { User } from '@idara/domain';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  type DataTableColumn,
  dateColumn,
  FilterSelect,
  ListDateRangeFilter,
  ListPage,
  LookupFilter,
  useListQuery,
  useListState,
  useLookup,
} from '../../components/data-table';
import { can, useAuth, useCan } from '../../lib/auth';
import { ActionBadge, ActivityDrawer, type ActivityRow } from './ActivityDrawer';
import { actionOptions, ENTITY_LABELS, ENTITY_ROUTES, entityOptions } from './activity-labels';

function RecordLink({ row }: { row: ActivityRow }) {
  const { user } = useAuth();
  const route = ENTITY_ROUTES[row.entity];
  if (!route || !row.entityId || row.action === 'delete' || !can(user, [route.permission])) return null;
  return (
    <Tooltip label="فتح السجل" withArrow>
      <ActionIcon component={Link} to={route.path(row.entityId)} variant="subtle" aria-label="فتح السجل">
        <IconExternalLink size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

export default function ActivityPage() {
  const state = useListState({ sort: '-createdAt' });
  const query = useListQuery<ActivityRow>('/api/activity', state);
  const canUsers = useCan('user:read');
  const users = useLookup<Pick<User, '_id' | 'name'>>(
    '/api/user',
    { fields: 'name,_id' },
    { enabled: canUsers },
  );
  const [selected, setSelected] = useState<ActivityRow | null>(null);

  const columns = useMemo<DataTableColumn<ActivityRow>[]>(
    () => [
      // At every width: when, what was done and to what (a row opens the entry).
      dateColumn('createdAt', 'التاريخ', 1),
      {
        accessorKey: 'actorName',
        header: 'المستخدم',
        meta: { priority: 2 },
        cell: (c) => c.getValue() || '—',
      },
      {
        accessorKey: 'action',
        header: 'الإجراء',
        meta: { priority: 1 },
        cell: (c) => <ActionBadge action={c.getValue()} />,
      },
      {
        accessorKey: 'entity',
        header: 'النوع',
        meta: { nowrap: true, priority: 3 },
        cell: (c) => ENTITY_LABELS[c.getValue()] ?? c.getValue(),
      },
      { accessorKey: 'summary', header: 'الوصف', enableSorting: false, meta: { priority: 1 } },
      {
        id: '__link',
        header: () => null,
        enableSorting: false,
        meta: { width: 1, slot: 'actions' },
        cell: ({ row }) => <RecordLink row={row.original} />,
      },
    ],
    [],
  );

  return (
    <>
      <ListPage<ActivityRow>
        resourcePath="/api/activity"
        state={state}
        query={query}
        columns={columns}
        exportTitle="تصدير السجلات"
        searchable={false}
        rowLabel={(r) => r.summary}
        onRowClick={setSelected}
        filters={
          <>
            {canUsers && (
              <LookupFilter
                state={state}
                filter="actor"
                label="المستخدم"
                placeholder="كل المستخدمين"
                data={users.data?.options ?? []}
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
            <ListDateRangeFilter state={state} field="createdAt" label="الفترة" />
          </>
        }
      />
      <ActivityDrawer row={selected} onClose={() => setSelected(null)} />
    </>
  );
}
