import { formatCount, type VisitsReport } from '@idara/domain';
import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CompactTable, NOWRAP } from '../../../components/page';

/** An average rating as read: '4.5 من 5'. */
export const ratingText = (average: number) => `${average.toFixed(1)} من 5`;

/** The contracts whose visits customers rated in the period, the lowest average first. */
export function ContractRatings({ contracts }: { contracts: VisitsReport['contractRatings'] }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="visits-contract-ratings">
      <Title order={2} fz="h4" mb={4}>
        تقييم العملاء للعقود
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        متوسط تقييم العملاء (من 1 إلى 5) لزيارات الفترة في كل عقد، الأدنى أولاً.
      </Text>
      {contracts.length === 0 ? (
        <Text c="dimmed" size="sm">
          لم يقيّم العملاء زيارات هذه الفترة بعد.
        </Text>
      ) : (
        <CompactTable
          withTableBorder
          striped
          verticalSpacing="sm"
          horizontalSpacing="xs"
          minWidth={320}
          rows={contracts}
          rowKey={(c) => c.customerContract}
          rowProps={(c) => ({ 'data-testid': 'visits-contract-rating', 'data-contract': c.customerContract })}
          columns={[
            {
              header: 'العقد',
              cell: (c) => (
                <Anchor component={Link} to={`/dashboard/customer-contract/${c.customerContract}`}>
                  <bdi>#{c.number}</bdi>
                </Anchor>
              ),
              td: NOWRAP,
            },
            { header: 'العميل', cell: (c) => c.customerName },
            { header: 'التقييمات', cell: (c) => <bdi>{formatCount(c.ratings)}</bdi>, td: NOWRAP },
            { header: 'المتوسط', cell: (c) => <bdi>{ratingText(c.averageRating)}</bdi>, td: NOWRAP },
          ]}
        />
      )}
    </Paper>
  );
}
