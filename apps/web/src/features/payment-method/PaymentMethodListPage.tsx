import { type PaymentMethod, paymentMethodKindLabels, paymentMethodKinds } from '@idara/domain';
import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import {
  ActiveBadge,
  type DataTableColumn,
  FilterSelect,
  ListPage,
  rowActionsColumn,
  useRecordList,
} from '../../components/data-table';
import { ACTIVE_FILTER_OPTIONS } from '../records-shared';

type Kind = (typeof paymentMethodKinds)[number];

export type { PaymentMethod };

const BASE = '/dashboard/paymentMethod';
const API = '/api/paymentMethod';
export const KIND_OPTIONS = paymentMethodKinds.map((k) => ({ value: k, label: paymentMethodKindLabels[k] }));

export default function PaymentMethodListPage() {
  const { navigate, state, query, remove, canEdit, canDelete } = useRecordList<PaymentMethod>(
    API,
    'paymentMethod',
  );

  const columns = useMemo<DataTableColumn<PaymentMethod>[]>(
    () => [
      { accessorKey: 'name', header: 'الاسم' },
      {
        accessorKey: 'kind',
        header: 'النوع',
        cell: (c) => (
          <Badge variant="outline" radius="sm" color="gray">
            {paymentMethodKindLabels[c.getValue() as Kind] ?? c.getValue()}
          </Badge>
        ),
      },
      { accessorKey: 'active', header: 'الحالة', cell: (c) => <ActiveBadge active={c.getValue()} /> },
      rowActionsColumn<PaymentMethod>({
        onEdit: canEdit ? (r) => navigate(`${BASE}/edit/${r._id}`) : undefined,
        onDelete: canDelete ? remove : undefined,
      }),
    ],
    [canEdit, canDelete, navigate, remove],
  );

  return (
    <ListPage<PaymentMethod>
      resourcePath={API}
      state={state}
      query={query}
      columns={columns}
      minWidth={520}
      createTo={`${BASE}/new`}
      createLabel="إضافة طريقة دفع"
      createPermission="paymentMethod:create"
      deletePermission="paymentMethod:delete"
      exportTitle="تصدير طرق الدفع"
      searchPlaceholder="ابحث باسم طريقة الدفع"
      rowLabel={(r) => r.name}
      onRowClick={canEdit ? (r) => navigate(`${BASE}/edit/${r._id}`) : undefined}
      filters={
        <>
          <FilterSelect
            state={state}
            filter="kind"
            label="النوع"
            placeholder="كل الأنواع"
            data={KIND_OPTIONS}
            width={170}
          />
          <FilterSelect
            state={state}
            filter="active"
            label="الحالة"
            placeholder="كل الحالات"
            data={ACTIVE_FILTER_OPTIONS}
            width={160}
          />
        </>
      }
    />
  );
}
