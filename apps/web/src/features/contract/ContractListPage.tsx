import { arabicPlural, type Contract } from '@idara/domain';
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
import { ACTIVE_FILTER_OPTIONS, MONTHS, VISITS } from '../records-shared';

export type { Contract };

const BASE = '/dashboard/contract';
const API = '/api/contract';

export default function ContractListPage() {
  const { navigate, state, query, remove, canEdit, canDelete, canView } = useRecordList<Contract>(
    API,
    'contract',
  );

  const columns = useMemo<DataTableColumn<Contract>[]>(
    () => [
      { accessorKey: 'name', header: 'اسم العقد' },
      {
        accessorKey: 'durationMonths',
        header: 'المدة',
        meta: { nowrap: true },
        cell: (c) => arabicPlural(c.getValue(), MONTHS),
      },
      {
        accessorKey: 'visits',
        header: 'الزيارات',
        meta: { nowrap: true },
        cell: (c) => arabicPlural(c.getValue(), VISITS),
      },
      {
        accessorKey: 'price',
        header: 'السعر',
        meta: { nowrap: true },
        cell: (c) => <Money value={c.getValue()} />,
      },
      { accessorKey: 'active', header: 'الحالة', cell: (c) => <ActiveBadge active={c.getValue()} /> },
      rowActionsColumn<Contract>({
        onEdit: canEdit ? (r) => navigate(`${BASE}/edit/${r._id}`) : undefined,
        onDelete: canDelete ? remove : undefined,
      }),
    ],
    [canEdit, canDelete, navigate, remove],
  );

  return (
    <ListPage<Contract>
      resourcePath={API}
      state={state}
      query={query}
      columns={columns}
      minWidth={720}
      createTo={`${BASE}/new`}
      createLabel="إضافة عقد"
      createPermission="contract:create"
      deletePermission="contract:delete"
      exportTitle="تصدير أنواع العقود"
      searchPlaceholder="ابحث باسم العقد"
      rowLabel={(r) => r.name}
      onRowClick={canView ? (r) => navigate(`${BASE}/${r._id}`) : undefined}
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
