import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RetryButton } from '../../components/feedback';
import { EmptyState } from '../../components/page';
import { useCan } from '../../lib/auth';
import { PaymentsTable } from './PaymentsTable';
import { PAYMENT_BASE, usePaymentList } from './payment-api';

const LIMIT = 10;
const FIELDS = '_id,number,order,orderNumber,amount,status,createdAt';

/** The customer's latest payments (GET /api/payment?customer=…&limit=10). */
export default function CustomerPaymentsTab({ customerId }: { customerId: string }) {
  const canRead = useCan('payment:read');
  const list = usePaymentList(
    { customer: customerId, limit: LIMIT, sort: '-createdAt', fields: FIELDS },
    canRead,
  );

  if (!canRead) {
    return <EmptyState boxed icon={<IconCash size={26} />} title="لا تملك صلاحية عرض المدفوعات" />;
  }
  if (list.isPending) {
    return (
      <Paper withBorder p="lg">
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
        <RetryButton onRetry={() => void list.refetch()} />
      </Alert>
    );
  }
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? rows.length;
  if (rows.length === 0) {
    return (
      <EmptyState
        boxed
        icon={<IconCash size={26} />}
        title="لا توجد مدفوعات بعد"
        text="ستظهر هنا دفعات العميل وفواتيره"
      />
    );
  }

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} style={{ minWidth: 0 }}>
      <PaymentsTable rows={rows} showOrder />
      {total > rows.length && (
        <Group justify="center" mt="sm">
          <Text size="sm" c="dimmed">
            آخر <bdi>{rows.length}</bdi> من {list.data?.totalIsCapped && 'أكثر من '}
            <bdi>{total}</bdi> دفعة —{' '}
            <Anchor component={Link} to={`${PAYMENT_BASE}?customer=${customerId}`} size="sm">
              عرض الكل
            </Anchor>
          </Text>
        </Group>
      )}
    </Paper>
  );
}
