import { useMemo } from 'react';
import {
  ActiveBadge,
  type DataTableColumn,
  FilterSelect,
  ListPage,
  Money,
  rowActionsColumn,
  useRecordList,
} from '../../components/data-table';
import { ACTIVE_FILTER_OPTIONS } from '../records-shared';

export interface Service {
  _id: string;
  name: string;
  description: string;
  price: string;
  active: boolean;
}

const BASE = '/dashboard/service';
const API = '/api/service';

export default function ServiceListPage() {
  const { navigate, state, query, remove, canEdit, canDelete } = useRecordList<Service>(API, 'service');

  const columns = useMemo<DataTableColumn<Service>[]>(
    () => [
      { accessorKey: 'name', header: 'اسم الخدمة' },
      {
        accessorKey: 'price',
        header: 'السعر',
        cell: (c) => <Money value={c.getValue()} />,
        meta: { nowrap: true },
      },
      { accessorKey: 'active', header: 'الحالة', cell: (c) => <ActiveBadge active={c.getValue()} /> },
      rowActionsColumn<Service>({
        onEdit: canEdit ? (r) => navigate(`${BASE}/edit/${r._id}`) : undefined,
        onDelete: canDelete ? remove : undefined,
      }),
    ],
    [canEdit, canDelete, navigate, remove],
  );

  return (
    <ListPage<Service>
      resourcePath={API}
      state={state}
      query={query}
      columns={columns}
      createTo={`${BASE}/new`}
      createLabel="إضافة خدمة"
      createPermission="service:create"
      deletePermission="service:delete"
      exportTitle="تصدير الخدمات"
      searchPlaceholder="ابحث باسم الخدمة"
      rowLabel={(r) => r.name}
      onRowClick={canEdit ? (r) => navigate(`${BASE}/edit/${r._id}`) : undefined}
      filters={
        <FilterSelect
          state={state}
          filter="active"
          label="الحالة"
          placeholder="كل الحالات"
          data={ACTIVE_FILTER_OPTIONS}
          width={160}
        />
      }
    />
  );
}
