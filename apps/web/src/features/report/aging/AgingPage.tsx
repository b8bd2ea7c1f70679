import { agingBucketLabels, agingBuckets, arabicPlural } from '@idara/domain';
import { Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  type DataTableColumn,
  EXPORT_WITH_PDF,
  ListPage,
  ListTotals,
  moneyColumn,
  nameColumn,
  useListState,
} from '../../../components/data-table';
import { useCustomerFilters } from '../../customer/CustomerFilters';
import { AgingDrawer } from './AgingDrawer';
import { AGING_PATH, type AgingRow, useAgingReport } from './aging-api';

const CUSTOMERS = { one: 'عميل واحد', two: 'عميلان', few: '{n} عملاء', many: '{n} عميلاً', other: '{n} عميل' };
const DEFAULTS = { sort: '' };

/** Receivables aging: who owes what and how long past due (docs/API.md "Reports"). */
export default function AgingPage() {
  const state = useListState(DEFAULTS);
  const query = useAgingReport(state);
  const [customer, setCustomer] = useState<string | null>(null);
  const filters = useCustomerFilters(state);
  const totals = query.data?.totals;

  const columns = useMemo<DataTableColumn<AgingRow>[]>(
    () =>
      [
        // At every width: who owes and how much; the buckets while they fit (a row opens them all).
        nameColumn<AgingRow>('customerName', 'العميل'),
        ...agingBuckets.map((k) => moneyColumn<AgingRow>(k, agingBucketLabels[k], k === 'over90' ? 2 : 3)),
        moneyColumn<AgingRow>('total', agingBucketLabels.total, 1),
      ].map((c) => ({ ...c, enableSorting: false })),
    [],
  );

  return (
    <Stack>
      <ListPage<AgingRow>
        resourcePath={AGING_PATH}
        state={state}
        query={query}
        columns={columns}
        exportTitle="تصدير أعمار الذمم"
        exportOptions={EXPORT_WITH_PDF}
        searchPlaceholder="ابحث باسم العميل أو جواله"
        filters={filters}
        rowLabel={(r) => r.customerName}
        onRowClick={(r) => setCustomer(r._id)}
      />
      <ListTotals
        label="إجماليات أعمار الذمم"
        testId="aging-totals"
        loading={query.isPending}
        count={query.data && arabicPlural(query.data.total, CUSTOMERS)}
        items={
          totals && [
            ...agingBuckets.map((k) => ({
              label: agingBucketLabels[k],
              value: totals[k],
              testId: `aging-total-${k}`,
            })),
            {
              label: agingBucketLabels.total,
              value: totals.total,
              strong: true,
              testId: 'aging-total-total',
            },
          ]
        }
      />
      <AgingDrawer customer={customer} onClose={() => setCustomer(null)} />
    </Stack>
  );
}
