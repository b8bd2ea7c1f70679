import type { Government } from '@idara/domain';
import { useMemo } from 'react';
import {
  type DataTableColumn,
  DateTime,
  ListPage,
  rowActionsColumn,
  useRecordList,
} from '../../components/data-table';

export type { Government };

const BASE = '/dashboard/government';
const API = '/api/government';

export default function GovernmentListPage() {
  const { navigate, state, query, remove, canEdit, canDelete, canView } = useRecordList<Government>(
    API,
    'gov',
  );

  const columns = useMemo<DataTableColumn<Government>[]>(
    () => [
      { accessorKey: 'name', header: 'اسم المنطقة' },
      { accessorKey: 'createdAt', header: 'تاريخ الإضافة', cell: (c) => <DateTime value={c.getValue()} /> },
      rowActionsColumn<Government>({
        onEdit: canEdit ? (r) => navigate(`${BASE}/edit/${r._id}`) : undefined,
        onDelete: canDelete ? remove : undefined,
      }),
    ],
    [canEdit, canDelete, navigate, remove],
  );

  return (
    <ListPage<Government>
      resourcePath={API}
      state={state}
      query={query}
      columns={columns}
      minWidth={480}
      createTo={`${BASE}/new`}
      createLabel="إضافة منطقة"
      createPermission="gov:create"
      deletePermission="gov:delete"
      exportTitle="تصدير المناطق"
      searchPlaceholder="ابحث باسم المنطقة"
      rowLabel={(r) => r.name}
      onRowClick={canView ? (r) => navigate(`${BASE}/${r._id}`) : undefined}
    />
  );
}
