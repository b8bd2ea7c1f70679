import { agingBucketLabels, einvoiceKindLabels, formatCount } from '@idara/domain';
import { Anchor, Badge, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Money } from '../../../components/data-table';
import { RetryButton, WarningAlert } from '../../../components/feedback';
import { CompactTable } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { documentPath } from '../../invoice/invoice-api';
import { useAgingCustomer } from './aging-api';

const BUCKET_COLORS = {
  current: 'gray',
  days1to30: 'yellow',
  days31to60: 'orange',
  days61to90: 'red',
  over90: 'grape',
} as const;

const day = (d: string) => <bdi>{d.replaceAll('-', '/')}</bdi>;

/** One customer's open documents, oldest past due first, each linking to its e-invoice page. */
export function AgingDrawer({ customer, onClose }: { customer: string | null; onClose: () => void }) {
  const detail = useAgingCustomer(customer);
  const canOpenInvoice = useCan('invoice:details');
  const data = detail.data;
  return (
    <Drawer
      opened={!!customer}
      onClose={onClose}
      position="left"
      size="xl"
      title={data ? `المستندات المفتوحة — ${data.customerName}` : 'المستندات المفتوحة'}
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
    >
      {detail.isError ? (
        <WarningAlert color="red" title="تعذر تحميل المستندات">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{detail.error.message}</Text>
            <RetryButton onRetry={() => void detail.refetch()} loading={detail.isFetching} />
          </Stack>
        </WarningAlert>
      ) : !data ? (
        <Stack aria-busy="true">
          <Skeleton h={24} />
          <Skeleton h={120} />
        </Stack>
      ) : (
        <Stack data-testid="aging-drawer">
          <Group gap="xl">
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                الرصيد المفتوح:{' '}
              </Text>
              <Text span fw={700} size="sm" data-testid="aging-drawer-total">
                <Money value={data.figures.total} />
              </Text>
            </Text>
            {data.unapplied !== '0.00' && (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  رصيد دائن غير مخصص:{' '}
                </Text>
                <Money value={data.unapplied} />
              </Text>
            )}
          </Group>
          {data.documents.length === 0 ? (
            <Text c="dimmed">لا توجد مستندات مفتوحة لهذا العميل.</Text>
          ) : (
            <CompactTable
              rows={data.documents}
              rowKey={(d) => d.id}
              rowProps={() => ({ 'data-testid': 'aging-document' })}
              minWidth={640}
              striped
              highlightOnHover
              style={{ whiteSpace: 'nowrap' }}
              columns={[
                {
                  header: 'الرقم',
                  cell: (d) =>
                    canOpenInvoice ? (
                      <Anchor component={Link} to={documentPath(d.id)}>
                        <bdi>{d.number}</bdi>
                      </Anchor>
                    ) : (
                      <bdi>{d.number}</bdi>
                    ),
                },
                { header: 'النوع', cell: (d) => einvoiceKindLabels[d.kind] },
                { header: 'تاريخ الاستحقاق', cell: (d) => day(d.dueDay) },
                { header: 'المبلغ', cell: (d) => <Money value={d.amount} /> },
                { header: 'المتبقي', cell: (d) => <Money value={d.open} /> },
                { header: 'أيام التأخير', cell: (d) => formatCount(d.daysOverdue) },
                {
                  header: 'الفئة',
                  cell: (d) => (
                    <Badge variant="light" radius="sm" color={BUCKET_COLORS[d.bucket]}>
                      {agingBucketLabels[d.bucket]}
                    </Badge>
                  ),
                },
              ]}
            />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
