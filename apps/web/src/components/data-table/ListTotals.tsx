import { Group, Paper, Skeleton, Text } from '@mantine/core';
import { Money } from './cells';

export interface ListTotal {
  label: string;
  /** Money as the API sends it ("150.00"). */
  value: string;
  testId?: string;
  strong?: boolean;
}

/**
 * A list's totals: every row the filters select, not only this page. The figures are the server's
 * (packages/domain receivables.ts for orders; rejected payments and credit notes as it counts them).
 */
export function ListTotals({
  label,
  count,
  items,
  loading,
  testId,
}: {
  /** What the region is, for screen readers: «إجماليات الطلبات». */
  label: string;
  /** «الإجمالي حسب الفلاتر: 3 طلبات». */
  count?: string;
  items: ListTotal[] | undefined;
  loading: boolean;
  testId?: string;
}) {
  if (!loading && !items) return null;
  return (
    <Paper
      withBorder
      px={{ base: 'md', sm: 'lg' }}
      py="sm"
      role="region"
      aria-label={label}
      data-testid={testId}
    >
      {loading || !items ? (
        <Skeleton h={20} w="60%" radius="sm" />
      ) : (
        <Group gap="xl" wrap="wrap" justify="space-between" style={{ rowGap: 6 }}>
          {count && (
            <Text size="sm" fw={600}>
              الإجمالي حسب الفلاتر: <bdi>{count}</bdi>
            </Text>
          )}
          <Group gap="xl" wrap="wrap" style={{ rowGap: 6 }}>
            {items.map((item) => (
              <Text size="sm" key={item.label}>
                <Text span c="dimmed" size="sm">
                  {item.label}:{' '}
                </Text>
                <Text span fw={item.strong ? 700 : 600} size="sm" data-testid={item.testId}>
                  <Money value={item.value} />
                </Text>
              </Text>
            ))}
          </Group>
        </Group>
      )}
    </Paper>
  );
}
