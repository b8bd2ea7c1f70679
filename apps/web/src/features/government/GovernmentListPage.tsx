import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  type DataTableColumn,
  DateTime,
  ListPage,
  rowActionsColumn,
  useDeleteRecord,
  useListQuery,
  useListState,
} from '../../components/data-table';
import { can, useAuth } from '../../lib/auth';

export interface Government {
  _id: string;
  name: string;
  createdAt: string;
}

const BASE = '/dashboard/government';
const API = '/api/government';

export default function GovernmentListPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const state = useListState({ sort: 'name' });
  const query = useListQuery<Government>(API, state);
  const remove = useDeleteRecord(API);
  const canEdit = can(user, ['gov:update']);
  const canDelete = can(user, ['gov:delete']);
  const canView = can(user, ['gov:details']);

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
