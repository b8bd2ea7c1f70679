import type { Order } from '@idara/domain';
import { Button } from '@mantine/core';
import { IconCash, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardListStates, EmptyState, RecordsCard } from '../../components/page';
import { useCan } from '../../lib/auth';
import { PaymentsTable } from './PaymentsTable';
import { newPaymentPath, usePaymentList } from './payment-api';

export interface OrderPaymentsCardProps {
  order: Pick<Order, '_id' | 'number' | 'status'>;
}

const FIELDS = '_id,number,amount,status,createdAt,paidAt,paymentMethodName';

/** An order's payments (GET /api/payment?order=…), with "add payment" for users with payment:create. */
export default function OrderPaymentsCard({ order }: OrderPaymentsCardProps) {
  const canRead = useCan('payment:read');
  const canCreate = useCan('payment:create');
  const list = usePaymentList({ order: order._id, limit: 100, sort: '-createdAt', fields: FIELDS }, canRead);
  const rows = list.data?.data ?? [];
  const addable = canCreate && order.status !== 'cancelled';

  const addButton = addable ? (
    <Button component={Link} to={newPaymentPath(order._id)} leftSection={<IconPlus size={18} />}>
      إضافة دفعة
    </Button>
  ) : null;

  return (
    <RecordsCard title="المدفوعات" action={addButton} testId="order-payments">
      {canRead && (
        <CardListStates
          query={list}
          errorTitle="تعذر تحميل المدفوعات"
          empty={
            rows.length === 0 ? (
              <EmptyState icon={<IconCash size={26} />} title="لا توجد دفعات لهذا الطلب" />
            ) : null
          }
        >
          <PaymentsTable rows={rows} />
        </CardListStates>
      )}
    </RecordsCard>
  );
}
