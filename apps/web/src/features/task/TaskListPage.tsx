import { Anchor, Box, Button, Checkbox, Text } from '@mantine/core';
import { IconForms, IconPlus, IconUserCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  actionsColumn,
  type DataTableColumn,
  Empty,
  hashNumberColumn,
  ListDateRangeFilter,
  ListPage,
  RowMenu,
  SelectionBar,
  SrOnlyInline,
  StatusFilter,
  stackedDateColumn,
  statusColumn,
  toolbarField,
  useRecordList,
} from '../../components/data-table';
import { useCan } from '../../lib/auth';
import { useUserOptions } from '../order/order-api';
import { AssignModal } from './AssignModal';
import { OrderPicker, UserPicker } from './pickers';
import { TaskFormModal } from './TaskFormModal';
import { TASK_PATH, type TaskRow, type TaskStatus, taskPath, taskStatusOptions } from './task-api';
import { DueCell, TaskStatusBadge } from './task-ui';

export default function TaskListPage() {
  const { navigate, state, query, remove, canEdit, canDelete, listProps } = useRecordList<TaskRow>(
    TASK_PATH,
    'task',
    { sort: '-createdAt' },
  );
  const canCreate = useCan('task:create');
  const canAll = useCan('task:details');
  const canUsers = useCan('user:read');
  const canOrders = useCan('order:read');
  const canOrderDetails = useCan('order:details');
  const users = useUserOptions();

  // Row selection for bulk assign (the shared table's own selection only deletes).
  const [selected, setSelected] = useState<string[]>([]);
  const queryKey = JSON.stringify(state.query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page/filter/sort clears the selection
  useEffect(() => setSelected([]), [queryKey]);
  const [assignOpen, setAssignOpen] = useState(false);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);

  const rows = query.data?.data ?? [];
  const pageIds = rows.map((r) => r._id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const someSelected = selected.length > 0 && !allSelected;
  const selectable = canEdit;

  const columns = useMemo<DataTableColumn<TaskRow>[]>(() => {
    const cols: DataTableColumn<TaskRow>[] = [];
    if (selectable)
      cols.push({
        id: '__pick',
        enableSorting: false,
        meta: { width: 44, slot: 'select' },
        header: () => (
          <Checkbox
            aria-label="تحديد كل مهام الصفحة"
            size="xs"
            checked={allSelected}
            indeterminate={someSelected}
            onChange={() => setSelected(allSelected ? [] : pageIds)}
          />
        ),
        cell: ({ row }) => {
          const id = row.original._id;
          const on = selected.includes(id);
          return (
            <Checkbox
              aria-label={`تحديد المهمة رقم ${row.original.number}`}
              size="xs"
              checked={on}
              onChange={() => setSelected((s) => (on ? s.filter((x) => x !== id) : [...s, id]))}
            />
          );
        },
      });
    cols.push(
      hashNumberColumn('رقم المهمة'),
      {
        accessorKey: 'title',
        header: 'المهمة',
        meta: { priority: 1 },
        cell: ({ row }) => (
          <div style={{ minWidth: 120 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {row.original.title}
            </Text>
            {row.original.formTitle && (
              <Text size="xs" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <IconForms size={12} aria-hidden />
                <span>
                  <SrOnlyInline>النموذج: </SrOnlyInline>
                  {row.original.formTitle}
                </span>
              </Text>
            )}
          </div>
        ),
      },
      statusColumn((status: TaskStatus) => <TaskStatusBadge status={status} size="sm" />),
      personColumn('assigneeName', 'المكلّف', 2),
      personColumn('customerName', 'العميل', 3),
      {
        accessorKey: 'orderNumber',
        header: 'الطلب',
        meta: { nowrap: true, priority: 3 },
        cell: ({ row }) => {
          const r = row.original;
          if (!r.order || r.orderNumber === null) return <Empty />;
          return canOrderDetails ? (
            <Anchor
              component={Link}
              to={`/dashboard/order/${r.order}`}
              size="sm"
              aria-label={`الطلب رقم ${r.orderNumber}`}
            >
              <bdi dir="ltr">#{r.orderNumber}</bdi>
            </Anchor>
          ) : (
            <bdi dir="ltr">#{r.orderNumber}</bdi>
          );
        },
      },
      {
        accessorKey: 'dueAt',
        header: 'موعد التسليم',
        meta: { nowrap: true, priority: 2 },
        cell: ({ row }) => <DueCell dueAt={row.original.dueAt} status={row.original.status} />,
      },
      stackedDateColumn('submittedAt', 'أُرسلت', 3),
      actionsColumn(({ row }) => {
        const r = row.original;
        const edit = canEdit && r.status !== 'approved';
        return (
          <RowMenu
            label={`إجراءات المهمة رقم ${r.number}`}
            onView={() => navigate(taskPath(r._id))}
            onEdit={edit ? () => setEditing({ id: r._id }) : undefined}
            onDelete={canDelete ? () => remove({ _id: r._id, name: `المهمة رقم ${r.number}` }) : undefined}
          />
        );
      }),
    );
    return cols;
  }, [
    selectable,
    allSelected,
    someSelected,
    pageIds,
    selected,
    canEdit,
    canDelete,
    canOrderDetails,
    navigate,
    remove,
  ]);

  const filters = (
    <>
      <StatusFilter state={state} options={taskStatusOptions} width={240} />
      {canUsers && canAll && (
        <UserPicker
          aria-label="المكلّف"
          placeholder="كل المكلّفين"
          value={state.filters.assignee ?? null}
          onChange={(v) => state.setFilter('assignee', v)}
          clearable
          clearButtonProps={{ 'aria-label': 'مسح المكلّف' }}
          initialLabel={state.filters.assignee ? users.names.get(state.filters.assignee) : undefined}
          {...toolbarField(200)}
          radius="xl"
        />
      )}
      {canOrders && (
        <OrderPicker
          aria-label="الطلب"
          placeholder="كل الطلبات"
          value={state.filters.order ?? null}
          onChange={(v) => state.setFilter('order', v)}
          clearable
          clearButtonProps={{ 'aria-label': 'مسح الطلب' }}
          {...toolbarField(220)}
          radius="xl"
        />
      )}
      <ListDateRangeFilter state={state} field="dueAt" label="موعد التسليم" />
    </>
  );

  const createButton = canCreate ? (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ id: null })}>
      مهمة جديدة
    </Button>
  ) : null;

  const bulkBar =
    selectable && selected.length > 0 ? (
      <Box w="100%" mt="sm">
        <SelectionBar
          count={selected.length}
          onClear={() => setSelected([])}
          p="xs"
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            background: 'var(--mantine-primary-color-light)',
          }}
        >
          <Button size="xs" leftSection={<IconUserCheck size={14} />} onClick={() => setAssignOpen(true)}>
            إسناد إلى موظف
          </Button>
        </SelectionBar>
      </Box>
    ) : null;

  return (
    <>
      <ListPage<TaskRow>
        {...listProps}
        columns={columns}
        actions={createButton}
        emptyAction={createButton}
        exportTitle="تصدير المهام"
        searchPlaceholder="رقم المهمة أو العنوان أو العميل"
        rowLabel={(r) => `المهمة رقم ${r.number} — ${r.title}`}
        onRowClick={(r) => navigate(taskPath(r._id))}
        filters={filters}
        selectionBar={bulkBar}
      />
      <AssignModal
        ids={selected}
        opened={assignOpen}
        onClose={() => setAssignOpen(false)}
        onDone={() => setSelected([])}
      />
      <TaskFormModal
        opened={editing !== null}
        taskId={editing?.id ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

/** A person's name (assignee, customer) kept narrow, or a dash when the task has none. */
function personColumn(
  key: 'assigneeName' | 'customerName',
  header: string,
  priority: number,
): DataTableColumn<TaskRow> {
  return {
    accessorKey: key,
    header,
    meta: { priority },
    cell: (c) =>
      c.getValue() ? (
        <Text size="sm" miw={70}>
          {c.getValue() as string}
        </Text>
      ) : (
        <Empty />
      ),
  };
}
