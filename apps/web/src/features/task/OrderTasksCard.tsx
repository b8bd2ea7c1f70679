import type { Customer, Order } from '@idara/domain';
import { Anchor, Button, Text } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Empty } from '../../components/data-table';
import { CardListStates, CompactTable, EmptyState, RecordsCard } from '../../components/page';
import { useCan } from '../../lib/auth';
import { TaskFormModal, type TaskPreset } from './TaskFormModal';
import { taskPath, useTaskList } from './task-api';
import { DueCell, TaskStatusBadge } from './task-ui';

const FIELDS = '_id,number,title,status,assigneeName,dueAt,formTitle,submittedAt';

export interface OrderTasksCardProps {
  order: Pick<Order, '_id' | 'number' | 'customer' | 'customerName' | 'status'>;
}

/** An order's tasks (GET /api/task?order=…) with «إضافة مهمة» (task:create) prefilled with the order. */
export default function OrderTasksCard({ order }: OrderTasksCardProps) {
  return (
    <RelatedTasksCard
      filter={{ order: order._id }}
      preset={{
        order: {
          _id: order._id,
          number: order.number,
          customer: order.customer,
          customerName: order.customerName,
        },
      }}
      addable={order.status !== 'cancelled'}
      emptyText="لا توجد مهام لهذا الطلب"
      testId="order-tasks"
    />
  );
}

/** A customer's tasks (GET /api/task?customer=…) with «إضافة مهمة» prefilled with the customer; for its tasks tab. */
export function CustomerTasksCard({ customer }: { customer: Pick<Customer, '_id' | 'name'> }) {
  return (
    <RelatedTasksCard
      filter={{ customer: customer._id }}
      preset={{ customer }}
      emptyText="لا توجد مهام لهذا العميل"
      testId="customer-tasks"
      showOrder
    />
  );
}

function RelatedTasksCard({
  filter,
  preset,
  addable = true,
  emptyText,
  testId,
  showOrder = false,
}: {
  filter: Record<string, string>;
  preset: TaskPreset;
  addable?: boolean;
  emptyText: string;
  testId: string;
  showOrder?: boolean;
}) {
  const canRead = useCan('task:read');
  const canCreate = useCan('task:create');
  const [adding, setAdding] = useState(false);
  const list = useTaskList(
    { ...filter, limit: 100, sort: '-createdAt', fields: showOrder ? `${FIELDS},order,orderNumber` : FIELDS },
    canRead,
  );
  if (!canRead) return null;
  const rows = list.data?.data ?? [];
  const canAdd = canCreate && addable;

  return (
    <RecordsCard
      title="المهام"
      testId={testId}
      action={
        canAdd && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
            إضافة مهمة
          </Button>
        )
      }
    >
      <CardListStates
        query={list}
        errorTitle="تعذر تحميل المهام"
        empty={rows.length === 0 ? <EmptyState icon={<IconChecklist size={26} />} title={emptyText} /> : null}
      >
        <CompactTable
          rows={rows}
          rowKey={(t) => t._id}
          minWidth={560}
          scrollType="native"
          verticalSpacing="sm"
          striped
          highlightOnHover
          columns={[
            { header: '#', cell: (t) => <bdi dir="ltr">#{t.number}</bdi> },
            {
              header: 'المهمة',
              cell: (t) => (
                <>
                  <Anchor component={Link} to={taskPath(t._id)} size="sm" fw={500}>
                    {t.title}
                  </Anchor>
                  {t.formTitle && (
                    <Text size="xs" c="dimmed">
                      {t.formTitle}
                    </Text>
                  )}
                </>
              ),
            },
            showOrder && {
              header: 'الطلب',
              cell: (t) =>
                'orderNumber' in t &&
                (t.orderNumber !== null ? <bdi dir="ltr">#{t.orderNumber}</bdi> : <Empty />),
            },
            { header: 'المكلّف', cell: (t) => t.assigneeName || <Empty /> },
            { header: 'الحالة', cell: (t) => <TaskStatusBadge status={t.status} size="sm" /> },
            { header: 'موعد التسليم', cell: (t) => <DueCell dueAt={t.dueAt} status={t.status} /> },
          ]}
        />
      </CardListStates>

      {canAdd && <TaskFormModal opened={adding} onClose={() => setAdding(false)} preset={preset} />}
    </RecordsCard>
  );
}
