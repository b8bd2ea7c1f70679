import { formatCount, type VisitsReportMonth } from '@idara/domain';
import { Table, Text } from '@mantine/core';
import { Money } from '../../../components/data-table/cells';
import { CompactTable, NOWRAP } from '../../../components/page';

type Totals = Omit<VisitsReportMonth, 'month' | 'label'>;

const count = (n: number) => <bdi>{formatCount(n)}</bdi>;

/** The period month by month: visits due, done and missed, and what contracts invoiced; the totals under them. */
export function VisitMonthsTable({ months, totals }: { months: VisitsReportMonth[]; totals: Totals }) {
  return (
    <CompactTable
      data-testid="visits-months"
      withTableBorder
      striped
      verticalSpacing="sm"
      minWidth={330}
      horizontalSpacing="xs"
      rows={months}
      rowKey={(m) => m.month}
      rowProps={(m) => ({ 'data-testid': `visits-month-${m.month}` })}
      columns={[
        { header: 'الشهر', cell: (m) => m.label, td: NOWRAP },
        { header: 'المستحقة', cell: (m) => count(m.due) },
        { header: 'المنجزة', cell: (m) => count(m.done) },
        { header: 'الفائتة', cell: (m) => count(m.missed) },
        { header: 'إيراد العقود', cell: (m) => <Money value={m.revenue} /> },
      ]}
      footer={
        <Table.Tr data-testid="visits-months-total">
          <Table.Th>
            <Text fw={700} span>
              الإجمالي
            </Text>
          </Table.Th>
          <Table.Th>{count(totals.due)}</Table.Th>
          <Table.Th>{count(totals.done)}</Table.Th>
          <Table.Th>{count(totals.missed)}</Table.Th>
          <Table.Th>
            <Money value={totals.revenue} />
          </Table.Th>
        </Table.Tr>
      }
    />
  );
}
