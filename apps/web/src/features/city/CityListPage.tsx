import type { City } from '@idara/domain';
import { useMemo } from 'react';
import {
  type DataTableColumn,
  Empty,
  ListPage,
  LookupFilter,
  rowActionsColumn,
  useRecordList,
} from '../../components/data-table';
import { useGovernments } from './use-governments';

export type { City };

const BASE = '/dashboard/city';
const API = '/api/city';

export default function CityListPage() {
  const { navigate, state, query, remove, canEdit, canDelete, canView } = useRecordList<City>(API, 'city');
  const governments = useGovernments();
  const byId = governments.data?.byId;

  const columns = useMemo<DataTableColumn<City>[]>(
    () => [
      { accessorKey: 'name', header: 'اسم المدينة' },
      {
        accessorKey: 'government',
        header: 'المنطقة',
        enableSorting: false,
        cell: (c) => byId?.get(c.getValue())?.name ?? <Empty />,
      },
      rowActionsColumn<City>({
        onEdit: canEdit ? (r) => navigate(`${BASE}/edit/${r._id}`) : undefined,
        onDelete: canDelete ? remove : undefined,
      }),
    ],
    [byId, canEdit, canDelete, navigate, remove],
  );

  return (
    <ListPage<City>
      resourcePath={API}
      state={state}
      query={query}
      columns={columns}
      minWidth={480}
      createTo={`${BASE}/new`}
      createLabel="إضافة مدينة"
      createPermission="city:create"
      deletePermission="city:delete"
      exportTitle="تصدير المدن"
      searchPlaceholder="ابحث باسم المدينة"
      rowLabel={(r) => r.name}
      onRowClick={canView ? (r) => navigate(`${BASE}/${r._id}`) : undefined}
      filters={
        governments.data && (
          <LookupFilter
            state={state}
            filter="government"
            label="المنطقة"
            placeholder="كل المناطق"
            data={governments.data.options}
            width={200}
          />
        )
      }
    />
  );
}
