import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCash, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DateTime, Money } from '../../components/data-table';
import { useCan } from '../../lib/auth';
import { EmptyState } from '../customer/ui';
import { invoicePath, orderPath, PAYMENT_BASE, usePaymentList } from './payment-api';
import { PaymentStatusBadge } from './payment-ui';

const LIMIT = 10;
const FIELDS = '_id,number,order,orderNumber,amount,status,createdAt';

/** The customer's latest payments (GET /api/payment?customer=…&limit=10). */
export default function CustomerPaymentsTab({ customerId }: { customerId: string }) {
  const canRead = useCan('payment:read');
  const canView = useCan('payment:details');
  const canOrder = useCan('order:details');
  const list = usePaymentList(
    { customer: customerId, limit: LIMIT, sort: '-createdAt', fields: FIELDS },
    canRead,
  );

  if (!canRead) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState icon={<IconCash size={26} />} title="لا تملك صلاحية عرض المدفوعات" />
      </Paper>
    );
  }
  if (list.isPending) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="xs" role="status" aria-label="جارٍ التحميل…">
          <Skeleton h={32} radius="sm" />
          <Skeleton h={32} radius="sm" />
          <Skeleton h={32} radius="sm" />
        </Stack>
      </Paper>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" radius="lg" icon={<IconAlertCircle size={20} />} title="تعذر تحميل المدفوعات">
        <Button
          size="xs"
          radius="xl"
          variant="light"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void list.refetch()}
        >
          إعادة المحاولة
        </Button>
      </Alert>
    );
  }
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? rows.length;
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconCash size={26} />}
          title="لا توجد مدفوعات بعد"
          text="ستظهر هنا دفعات العميل وفواتيره"
        />
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} style={{ minWidth: 0 }}>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="sm" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>رقم الفاتورة</Table.Th>
              <Table.Th>رقم الطلب</Table.Th>
              <Table.Th>المبلغ</Table.Th>
              <Table.Th>الحالة</Table.Th>
              <Table.Th>التاريخ</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td>
                  {canView ? (
                    <Anchor
                      component={Link}
                      to={invoicePath(p._id)}
                      size="sm"
                      aria-label={`الفاتورة رقم ${p.number}`}
                    >
                      <bdi>{p.number}</bdi>
                    </Anchor>
                  ) : (
                    <bdi>{p.number}</bdi>
                  )}
                </Table.Td>
                <Table.Td>
                  {canOrder ? (
                    <Anchor
                      component={Link}
                      to={orderPath(p.order)}
                      size="sm"
                      aria-label={`الطلب رقم ${p.orderNumber}`}
                    >
                      <bdi>{p.orderNumber}</bdi>
                    </Anchor>
                  ) : (
                    <bdi>{p.orderNumber}</bdi>
                  )}
                </Table.Td>
                <Table.Td>
                  <Money value={p.amount} />
                </Table.Td>
                <Table.Td>
                  <PaymentStatusBadge status={p.status} />
                </Table.Td>
                <Table.Td>
                  <DateTime value={p.createdAt} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > rows.length && (
        <Group justify="center" mt="sm">
          <Text size="sm" c="dimmed">
            آخر <bdi>{rows.length}</bdi> من <bdi>{total}</bdi> دفعة —{' '}
            <Anchor component={Link} to={`${PAYMENT_BASE}?customer=${customerId}`} size="sm">
              عرض الكل
            </Anchor>
          </Text>
        </Group>
      )}
    </Paper>
  );
}
