import type { Customer, Order } from '@idara/domain';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Empty } from '../../components/data-table';
import { CardListStates, EmptyState, RecordsCard } from '../../components/page';
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
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>المهمة</Table.Th>
                {showOrder && <Table.Th>الطلب</Table.Th>}
                <Table.Th>المكلّف</Table.Th>
                <Table.Th>الحالة</Table.Th>
                <Table.Th>موعد التسليم</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((t) => (
                <Table.Tr key={t._id}>
                  <Table.Td>
                    <bdi dir="ltr">#{t.number}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={taskPath(t._id)} size="sm" fw={500}>
                      {t.title}
                    </Anchor>
                    {t.formTitle && (
                      <Text size="xs" c="dimmed">
                        {t.formTitle}
                      </Text>
                    )}
                  </Table.Td>
                  {showOrder && 'orderNumber' in t && (
                    <Table.Td>
                      {t.orderNumber !== null ? <bdi dir="ltr">#{t.orderNumber}</bdi> : <Empty />}
                    </Table.Td>
                  )}
                  <Table.Td>{t.assigneeName || <Empty />}</Table.Td>
                  <Table.Td>
                    <TaskStatusBadge status={t.status} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <DueCell dueAt={t.dueAt} status={t.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </CardListStates>

      {canAdd && <TaskFormModal opened={adding} onClose={() => setAdding(false)} preset={preset} />}
    </RecordsCard>
  );
}
