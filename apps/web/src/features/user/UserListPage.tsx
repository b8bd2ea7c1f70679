import { formatSaudiPhoneLocal, rolePresets } from '@idara/domain';
import { Badge, Select, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import {
  ActiveBadge,
  type DataTableColumn,
  Empty,
  FilterSelect,
  ListPage,
  rowActionsColumn,
  toolbarField,
  useDeleteRecord,
  useListQuery,
  useListState,
} from '../../components/data-table';
import { useCan } from '../../lib/auth';
import { RelativeTime } from '../customer/ActivityTimeline';
import { roleOptions, USER_PATH, type UserRecord } from './user-api';

export default function UserListPage() {
  const navigate = useNavigate();
  const state = useListState({ sort: 'name' });
  const query = useListQuery<UserRecord>(USER_PATH, state, {
    params: { fields: '_id,name,phoneNumber,role,jobTitle,active,lastLoginAt' },
  });
  const remove = useDeleteRecord(USER_PATH);
  const canDetails = useCan('user:details');
  const canUpdate = useCan('user:update');
  const canDelete = useCan('user:delete');

  const columns: DataTableColumn<UserRecord>[] = [
    {
      accessorKey: 'name',
      header: 'الاسم',
      cell: (c) => (
        <Text size="sm" fw={500}>
          {c.getValue()}
        </Text>
      ),
    },
    {
      accessorKey: 'phoneNumber',
      header: 'رقم الجوال',
      meta: { nowrap: true },
      cell: (c) => <bdi dir="ltr">{formatSaudiPhoneLocal(String(c.getValue()))}</bdi>,
    },
    {
      accessorKey: 'role',
      header: 'الدور',
      meta: { nowrap: true },
      cell: (c) => {
        const role = String(c.getValue());
        return (
          <Badge variant="light" radius="sm" color={role === 'admin' ? 'grape' : 'blue'}>
            {rolePresets[role]?.label ?? role}
          </Badge>
        );
      },
    },
    {
      accessorKey: 'jobTitle',
      header: 'المسمى الوظيفي',
      cell: (c) => (c.getValue() ? String(c.getValue()) : <Empty />),
    },
    {
      accessorKey: 'active',
      header: 'الحالة',
      meta: { nowrap: true },
      cell: (c) => <ActiveBadge active={c.getValue() as boolean} />,
    },
    {
      accessorKey: 'lastLoginAt',
      header: 'آخر دخول',
      meta: { nowrap: true },
      cell: (c) => {
        const v = c.getValue() as string | null;
        return v ? <RelativeTime date={v} /> : <Empty />;
      },
    },
    rowActionsColumn<UserRecord>({
      onView: canDetails ? (r) => navigate(`/dashboard/user/${r._id}`) : undefined,
      onEdit: canUpdate ? (r) => navigate(`/dashboard/user/edit/${r._id}`) : undefined,
      onDelete: canDelete ? remove : undefined,
    }),
  ];

  return (
    <ListPage<UserRecord>
      resourcePath={USER_PATH}
      state={state}
      query={query}
      columns={columns}
      createTo="/dashboard/user/new"
      createLabel="إضافة مستخدم"
      createPermission="user:create"
      deletePermission="user:delete"
      exportTitle="تصدير المستخدمين"
      searchPlaceholder="ابحث بالاسم أو الجوال"
      rowLabel={(r) => r.name}
      onRowClick={canDetails ? (r) => navigate(`/dashboard/user/${r._id}`) : undefined}
      minWidth={780}
      filters={
        <>
          <FilterSelect
            state={state}
            filter="role"
            label="الدور"
            placeholder="كل الأدوار"
            data={roleOptions}
            width={160}
          />
          <Select
            aria-label="الحالة"
            placeholder="كل الحالات"
            data={[
              { value: 'true', label: 'فعّال' },
              { value: 'false', label: 'موقوف' },
            ]}
            value={state.filters.active ?? null}
            onChange={(v) => state.setFilter('active', v)}
            clearable
            {...toolbarField(150)}
            radius="xl"
          />
        </>
      }
    />
  );
}
