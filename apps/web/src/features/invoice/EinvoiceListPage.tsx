import {
  arabicPlural,
  DOCUMENTS,
  type EinvoiceList,
  type EinvoiceStatus,
  einvoiceKindLabels,
  einvoiceKinds,
} from '@idara/domain';
import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import {
  type DataTableColumn,
  dateColumn,
  EXPORT_WITH_PDF,
  FilterSelect,
  ListDateRangeFilter,
  ListPage,
  ListTotals,
  moneyColumn,
  numberColumn,
  statusColumn,
  textColumn,
  useRecordList,
} from '../../components/data-table';
import { EINVOICE_STATUS_OPTIONS, EinvoiceStatusBadge } from './einvoice-ui';
import { documentPath, type EinvoiceRow, INVOICE_PATH } from './invoice-api';

const KIND_OPTIONS = einvoiceKinds.map((k) => ({ value: k, label: einvoiceKindLabels[k] }));
const SCOPE_OPTIONS = [
  { value: 'standard', label: 'ضريبية (منشآت)' },
  { value: 'simplified', label: 'مبسطة (أفراد)' },
];

export default function EinvoiceListPage() {
  const { navigate, state, query, canView, listProps } = useRecordList<
    EinvoiceRow,
    Pick<EinvoiceList, 'totals'>
  >(INVOICE_PATH, 'invoice', { sort: '-issuedAt' });
  const totals = query.data?.totals;

  const columns = useMemo<DataTableColumn<EinvoiceRow>[]>(
    () => [
      // At every width: the document's number, total and status (a row opens the document).
      numberColumn('number', 'الرقم'),
      {
        accessorKey: 'kind',
        header: 'النوع',
        meta: { nowrap: true, priority: 2 },
        cell: (c) => einvoiceKindLabels[c.getValue() as keyof typeof einvoiceKindLabels],
      },
      {
        accessorKey: 'scope',
        header: 'الفئة',
        meta: { nowrap: true, priority: 4 },
        cell: (c) => (c.getValue() === 'standard' ? 'ضريبية' : 'مبسطة'),
      },
      {
        accessorKey: 'orderNumber',
        header: 'رقم الطلب',
        meta: { nowrap: true, priority: 3 },
        cell: (c) => <bdi>{c.getValue()}</bdi>,
      },
      textColumn('buyerName', 'المشتري', { width: 200, priority: 2 }),
      moneyColumn('total', 'الإجمالي', 1),
      moneyColumn('vatAmount', 'الضريبة', 3),
      statusColumn((status: EinvoiceStatus) => <EinvoiceStatusBadge status={status} />),
      dateColumn('issuedAt', 'تاريخ الإصدار', 2),
    ],
    [],
  );

  return (
    <Stack>
      <ListPage<EinvoiceRow>
        {...listProps}
        columns={columns}
        exportTitle="تصدير الفواتير"
        exportOptions={EXPORT_WITH_PDF}
        searchPlaceholder="ابحث برقم الفاتورة أو الطلب أو اسم المشتري"
        rowLabel={(r) => `${einvoiceKindLabels[r.kind]} رقم ${r.number}`}
        onRowClick={canView ? (r) => navigate(documentPath(r._id)) : undefined}
        filters={
          <>
            <FilterSelect
              state={state}
              filter="kind"
              label="النوع"
              placeholder="كل الأنواع"
              data={KIND_OPTIONS}
              width={150}
            />
            <FilterSelect
              state={state}
              filter="scope"
              label="الفئة"
              placeholder="كل الفئات"
              data={SCOPE_OPTIONS}
              width={160}
            />
            <FilterSelect
              state={state}
              filter="status"
              label="الحالة"
              placeholder="كل الحالات"
              data={EINVOICE_STATUS_OPTIONS}
              width={170}
            />
            <ListDateRangeFilter state={state} field="issuedAt" label="فترة الإصدار" />
          </>
        }
      />
      <ListTotals
        label="إجماليات الفواتير"
        testId="einvoice-totals"
        loading={query.isPending}
        count={totals && arabicPlural(totals.count, DOCUMENTS)}
        items={
          totals && [
            { label: 'الصافي بعد الإشعارات', value: totals.total, strong: true },
            { label: 'الضريبة', value: totals.vatAmount },
          ]
        }
      />
    </Stack>
  );
}
