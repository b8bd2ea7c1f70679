import { arabicPlural, ORDERS, type OrderStatus, receivableLabels } from '@idara/domain';
import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import {
  actionsColumn,
  type DataTableColumn,
  Empty,
  EXPORT_WITH_PDF,
  hashNumberColumn,
  ListDateRangeFilter,
  ListPage,
  ListTotals,
  LookupFilter,
  moneyColumn,
  RowMenu,
  StatusFilter,
  stackedDateColumn,
  statusColumn,
  useRecordList,
} from '../../components/data-table';
import { CustomerPicker } from '../../components/pickers/CustomerPicker';
import { useCities } from '../customer/customer-api';
import {
  isClosed,
  ORDER_PATH,
  type OrderRow,
  orderStatusOptions,
  receivableTotals,
  useOrderTotals,
  useServices,
  useUserOptions,
} from './order-api';
import { OrderStatusBadge } from './order-ui';

const BASE = '/dashboard/order';

export default function OrderListPage() {
  const { navigate, state, remove, canEdit, canView, canDelete, listProps } = useRecordList<OrderRow>(
    ORDER_PATH,
    'order',
    {
      sort: '-createdAt',
    },
  );
  const totals = useOrderTotals(state.exportQuery);
  const services = useServices();
  const cities = useCities();
  const users = useUserOptions();

  const columns = useMemo<DataTableColumn<OrderRow>[]>(
    () => [
      // At every width: the order's number, customer, status and total, and its actions.
      hashNumberColumn('رقم الطلب'),
      {
        accessorKey: 'customerName',
        header: 'العميل',
        meta: { priority: 1, minWidth: 160 },
        cell: (c) => (
          <Text size="sm" fw={500} miw={110}>
            {c.getValue()}
          </Text>
        ),
      },
      {
        accessorKey: 'cityName',
        header: 'المدينة',
        meta: { priority: 3 },
        cell: (c) => c.getValue() || <Empty />,
      },
      statusColumn((status: OrderStatus) => <OrderStatusBadge status={status} size="sm" />),
      moneyColumn('total', 'الإجمالي', 1),
      moneyColumn('paid', 'المدفوع', 3),
      moneyColumn('outstanding', receivableLabels.outstanding, 2),
      stackedDateColumn('scheduledAt', 'موعد التنفيذ', 2),
      stackedDateColumn('createdAt', 'تاريخ الإنشاء', 3),
      actionsColumn(({ row }) => {
        const r = row.original;
        const edit = canEdit && !isClosed(r.status);
        if (!canView && !edit && !canDelete) return null;
        return (
          <RowMenu
            label={`إجراءات الطلب رقم ${r.number}`}
            onView={canView ? () => navigate(`${BASE}/${r._id}`) : undefined}
            onEdit={edit ? () => navigate(`${BASE}/edit/${r._id}`) : undefined}
            onDelete={canDelete ? () => remove({ _id: r._id, name: `الطلب رقم ${r.number}` }) : undefined}
          />
        );
      }),
    ],
    [canEdit, canView, canDelete, navigate, remove],
  );

  const filters = (
    <>
      <StatusFilter state={state} options={orderStatusOptions} width={230} />
      <CustomerPicker
        aria-label="العميل"
        placeholder="كل العملاء"
        value={state.filters.customer ?? null}
        onChange={(v) => state.setFilter('customer', v)}
        w={{ base: '100%', xs: 200 }}
        radius="xl"
      />
      <LookupFilter
        state={state}
        filter="service"
        label="الخدمة"
        placeholder="كل الخدمات"
        data={services.data?.options ?? []}
      />
      <LookupFilter
        state={state}
        filter="city"
        label="المدينة"
        placeholder="كل المدن"
        data={cities.data?.options ?? []}
        width={160}
      />
      {users.available && (
        <LookupFilter
          state={state}
          filter="assignee"
          label="المكلّف"
          placeholder="كل المكلّفين"
          data={users.options}
        />
      )}
      <ListDateRangeFilter state={state} field="createdAt" label="فترة الإنشاء" />
    </>
  );

  return (
    <Stack>
      <ListPage<OrderRow>
        {...listProps}
        columns={columns}
        createTo={`${BASE}/new`}
        createLabel="طلب جديد"
        createPermission="order:create"
        // No bulk selection: it is all or nothing, and an order with payments cannot be deleted;
        // each row's menu (and the order's page) deletes one order.
        exportTitle="تصدير الطلبات"
        exportOptions={EXPORT_WITH_PDF}
        searchPlaceholder="رقم الطلب أو العميل أو الجوال"
        rowLabel={(r) => `الطلب رقم ${r.number} — ${r.customerName}`}
        onRowClick={canView ? (r) => navigate(`${BASE}/${r._id}`) : undefined}
        filters={filters}
      />
      <ListTotals
        label="إجماليات الطلبات"
        testId="order-totals"
        loading={totals.isPending}
        count={totals.data && arabicPlural(totals.data.count, ORDERS)}
        items={totals.data && receivableTotals(totals.data)}
      />
    </Stack>
  );
}
