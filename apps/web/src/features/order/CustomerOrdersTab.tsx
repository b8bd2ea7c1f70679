import { receivableLabels } from '@idara/domain';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock, IconPlus, IconReceipt } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateTime, ListTotals, Money, RecordNumber } from '../../components/data-table';
import { RetryButton } from '../../components/feedback';
import { Pager } from '../../components/Pager';
import { CompactTable, EmptyState, NOWRAP } from '../../components/page';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { useCan } from '../../lib/auth';
import { ORDER_PATH, receivableTotals, useOrderTotals } from './order-api';
import { OrderStatusBadge } from './order-ui';

const PAGE_SIZE = 10;
const FIELDS = '_id,number,status,total,paid,outstanding,scheduledAt,createdAt';

/** The customer's orders, newest first, ten a page (customer details → الطلبات). */
export default function CustomerOrdersTab({ customerId }: { customerId: string }) {
  const canRead = useCan('order:read');
  const canCreate = useCan('order:create');
  const canDetails = useCan('order:details');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);

  const query = useQuery({
    queryKey: [ORDER_PATH, 'list', { customer: customerId, page, limit: PAGE_SIZE, fields: FIELDS }],
    queryFn: ({ signal }) =>
      api(ORDER_PATH, {
        query: { customer: customerId, page, limit: PAGE_SIZE, sort: '-createdAt', fields: FIELDS },
        stopAlert: true,
        signal,
      }),
    enabled: canRead,
    placeholderData: keepPreviousData,
  });
  const totals = useOrderTotals({ customer: customerId }, canRead);

  const newOrder = canCreate ? (
    <Button
      component={Link}
      to={`/dashboard/order/new?customer=${customerId}`}
      leftSection={<IconPlus size={18} />}
    >
      طلب جديد
    </Button>
  ) : null;

  if (!canRead) return <EmptyState boxed icon={<IconLock size={26} />} title="لا تملك صلاحية عرض الطلبات" />;

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const rows = query.data?.data ?? [];
  const open = (id: string) => canDetails && navigate(`/dashboard/order/${id}`);
  const onKey = (e: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      open(id);
    }
  };

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm" p="md" role="status" aria-label="جارٍ تحميل الطلبات">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={28} radius="sm" />
        ))}
      </Stack>
    );
  } else if (query.isError && !query.data) {
    body = (
      <Alert color="red" m="md" icon={<IconAlertCircle size={18} />} title="تعذر تحميل الطلبات">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <RetryButton iconSize={16} onRetry={() => void query.refetch()} />
        </Group>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Stack align="center" gap={0} pb="lg">
        <EmptyState
          icon={<IconReceipt size={26} />}
          title="لا توجد طلبات لهذا العميل"
          text={canCreate ? 'أنشئ أول طلب لهذا العميل' : undefined}
        />
        {newOrder}
      </Stack>
    );
  } else {
    body = (
      <CompactTable
        rows={rows}
        rowKey={(r) => r._id}
        rowProps={(r) => ({
          tabIndex: canDetails ? 0 : undefined,
          'aria-label': `الطلب رقم ${r.number}`,
          style: canDetails ? { cursor: 'pointer' } : undefined,
          onClick: canDetails ? () => open(r._id) : undefined,
          onKeyDown: canDetails ? (e) => onKey(e, r._id) : undefined,
        })}
        bodyProps={{ style: { opacity: query.isPlaceholderData ? 0.6 : undefined } }}
        minWidth={560}
        scrollType="native"
        striped
        highlightOnHover={canDetails}
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-busy={query.isFetching}
        data-testid="customer-orders"
        columns={[
          { header: '#', cell: (r) => <RecordNumber value={r.number} size="sm" />, td: NOWRAP },
          { header: 'الحالة', cell: (r) => <OrderStatusBadge status={r.status} size="sm" />, td: NOWRAP },
          { header: 'الإجمالي', cell: (r) => <Money value={r.total} /> },
          { header: receivableLabels.outstanding, cell: (r) => <Money value={r.outstanding} /> },
          { header: 'تاريخ الإنشاء', cell: (r) => <DateTime value={r.createdAt} /> },
        ]}
      />
    );
  }

  return (
    <Stack gap="sm">
      {(rows.length > 0 || totals.isPending) && (
        <ListTotals
          label="حساب العميل"
          testId="customer-receivable"
          loading={totals.isPending}
          items={totals.data && receivableTotals(totals.data)}
        />
      )}
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {(rows.length > 0 || query.isPending) && (
          <Group justify="space-between" gap="sm" p="md" pb={0} wrap="wrap">
            <Text fw={600}>
              الطلبات{' '}
              {query.data ? (
                <Text span c="dimmed" size="sm">
                  ({query.data.totalIsCapped && 'أكثر من '}
                  <bdi>{total}</bdi>)
                </Text>
              ) : null}
            </Text>
            {newOrder}
          </Group>
        )}
        {body}
        {pages > 1 && (
          <Group justify="center" p="md" pt="xs">
            <Pager pages={pages} page={page} onChange={setPage} />
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
