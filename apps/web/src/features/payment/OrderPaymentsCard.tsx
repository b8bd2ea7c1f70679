import { Button, Flex, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconCash, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Money } from '../../components/data-table';
import { useCan } from '../../lib/auth';
import { CardListStates, EmptyState } from '../customer/ui';
import { PaymentsTable } from './PaymentsTable';
import { newPaymentPath, usePaymentList } from './payment-api';

export interface OrderPaymentsCardProps {
  order: { _id: string; number: number; total: string; paid: string; balance: string; status: string };
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
    <Button
      component={Link}
      to={newPaymentPath(order._id)}
      size="sm"
      radius="xl"
      leftSection={<IconPlus size={18} />}
    >
      إضافة دفعة
    </Button>
  ) : null;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ minWidth: 0 }}
      component="section"
      aria-labelledby="order-payments-title"
      data-testid="order-payments"
    >
      <Group justify="space-between" gap="sm" mb="md" wrap="wrap">
        <Title order={2} fz="h4" id="order-payments-title">
          المدفوعات
        </Title>
        {addButton}
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mb="md">
        <Figure label="إجمالي الطلب" value={order.total} />
        <Figure label="المدفوع" value={order.paid} />
        <Figure label="المتبقي" value={order.balance} strong />
      </SimpleGrid>

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
    </Paper>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex
      direction={{ base: 'row', xs: 'column' }}
      justify={{ base: 'space-between', xs: 'flex-start' }}
      gap={{ base: 'sm', xs: 0 }}
      style={{ minWidth: 0 }}
    >
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        <Money value={value} />
      </Text>
    </Flex>
  );
}
