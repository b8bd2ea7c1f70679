import {
  arabicPlural,
  type PaymentList,
  type PaymentMethod,
  type PaymentStatus,
  RECEIPTS,
} from '@idara/domain';
import { ActionIcon, Anchor, Group, Stack, Tooltip } from '@mantine/core';
import { IconEdit, IconEye } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  actionsColumn,
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
  useLookup,
  useRecordList,
} from '../../components/data-table';
import { CustomerPicker } from '../../components/pickers/CustomerPicker';
import { useCan } from '../../lib/auth';
import {
  invoicePath,
  orderPath,
  PAYMENT_BASE,
  PAYMENT_METHOD_PATH,
  PAYMENT_PATH,
  type Payment,
} from './payment-api';
import { formatDay, PAYMENT_STATUS_OPTIONS, PaymentStatusBadge } from './payment-ui';

export default function PaymentListPage() {
  const { navigate, state, query, canEdit, canView, listProps } = useRecordList<
    Payment,
    Pick<PaymentList, 'totals'>
  >(PAYMENT_PATH, 'payment', { sort: '-createdAt' });
  const canOrders = useCan('order:details');
  const canCustomers = useCan('customer:read');
  const canMethods = useCan('paymentMethod:read');
  const methods = useLookup<PaymentMethod>(PAYMENT_METHOD_PATH, {}, { enabled: canMethods });
  const totals = query.data?.totals;

  const columns = useMemo<DataTableColumn<Payment>[]>(
    () => [
      // At every width: the receipt's number, amount, status and date, and its actions.
      numberColumn('number', 'رقم السند'),
      {
        accessorKey: 'orderNumber',
        header: 'رقم الطلب',
        meta: { nowrap: true, priority: 3 },
        cell: ({ row }) =>
          canOrders ? (
            <Anchor
              component={Link}
              to={orderPath(row.original.order)}
              size="sm"
              aria-label={`الطلب رقم ${row.original.orderNumber}`}
            >
              <bdi>{row.original.orderNumber}</bdi>
            </Anchor>
          ) : (
            <bdi>{row.original.orderNumber}</bdi>
          ),
      },
      textColumn('customerName', 'العميل', { width: 200, priority: 2 }),
      moneyColumn('amount', 'المبلغ', 1),
      moneyColumn('taxAmount', 'الضريبة', 4),
      textColumn('paymentMethodName', 'طريقة الدفع', { nowrap: true, priority: 3 }),
      statusColumn((status: PaymentStatus) => <PaymentStatusBadge status={status} />),
      {
        accessorKey: 'dueDate',
        header: 'تاريخ الاستحقاق',
        meta: { nowrap: true, priority: 3 },
        cell: (c) => (c.getValue() ? <bdi>{formatDay(c.getValue())}</bdi> : '—'),
      },
      dateColumn('paidAt', 'تاريخ الدفع', 3),
      dateColumn('createdAt', 'تاريخ الإنشاء', 1),
      actionsColumn(({ row }) => {
        const p = row.original;
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {canView && (
              <Tooltip label="عرض الفاتورة">
                <ActionIcon
                  variant="subtle"
                  aria-label={`عرض السند رقم ${p.number}`}
                  onClick={() => navigate(invoicePath(p._id))}
                >
                  <IconEye size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {canEdit && p.status === 'pending' && (
              <Tooltip label="تعديل">
                <ActionIcon
                  variant="subtle"
                  aria-label={`تعديل السند رقم ${p.number}`}
                  onClick={() => navigate(`${PAYMENT_BASE}/edit/${p._id}`)}
                >
                  <IconEdit size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      }),
    ],
    [canOrders, canView, canEdit, navigate],
  );

  const methodOptions = (methods.data?.rows ?? []).map((m) => ({ value: m._id, label: m.name }));

  return (
    <Stack>
      <ListPage<Payment>
        {...listProps}
        columns={columns}
        createTo={`${PAYMENT_BASE}/new`}
        createLabel="إضافة دفعة"
        createPermission="payment:create"
        exportTitle="تصدير الحسابات"
        exportOptions={EXPORT_WITH_PDF}
        searchPlaceholder="ابحث برقم السند أو الطلب أو اسم العميل"
        rowLabel={(r) => `السند رقم ${r.number}`}
        onRowClick={canView ? (r) => navigate(invoicePath(r._id)) : undefined}
        filters={
          <>
            <FilterSelect
              state={state}
              filter="status"
              label="الحالة"
              placeholder="كل الحالات"
              data={PAYMENT_STATUS_OPTIONS}
              width={170}
            />
            {canMethods && (
              <FilterSelect
                state={state}
                filter="paymentMethod"
                label="طريقة الدفع"
                placeholder="كل طرق الدفع"
                data={methodOptions}
                width={170}
              />
            )}
            {canCustomers && (
              <CustomerPicker
                aria-label="العميل"
                placeholder="كل العملاء"
                value={state.filters.customer ?? null}
                onChange={(v) => state.setFilter('customer', v)}
                initialLabel={customerLabelFromRows(query.data?.data, state.filters.customer)}
                w={{ base: '100%', xs: 200 }}
                radius="xl"
              />
            )}
            <ListDateRangeFilter state={state} field="createdAt" label="فترة التسجيل" />
          </>
        }
      />
      <ListTotals
        label="إجماليات المدفوعات"
        testId="payment-totals"
        loading={query.isPending}
        count={totals && arabicPlural(totals.count, RECEIPTS)}
        items={
          totals && [
            { label: 'المبلغ', value: totals.amount, testId: 'totals-amount', strong: true },
            { label: 'الضريبة', value: totals.taxAmount, testId: 'totals-tax', strong: true },
          ]
        }
      />
    </Stack>
  );
}

/** The chosen customer's name from the rows already shown (the filter came from the URL). */
function customerLabelFromRows(rows: Payment[] | undefined, id: string | undefined) {
  if (!id) return undefined;
  return rows?.find((r) => r.customer === id)?.customerName;
}
