import { rolePresets } from '@idara/domain';
import { Badge, Select } from '@mantine/core';
import {
  ActiveBadge,
  type DataTableColumn,
  Empty,
  FilterSelect,
  ListPage,
  nameColumn,
  phoneColumn,
  statusColumn,
  toolbarField,
  useRecordList,
} from '../../components/data-table';
import { RelativeTime } from '../customer/ActivityTimeline';
import { roleOptions, USER_PATH, type UserRecord } from './user-api';

export default function UserListPage() {
  const { state, pageProps, rowActions } = useRecordList<UserRecord>(
    USER_PATH,
    'user',
    { sort: 'name' },
    { base: '/dashboard/user', params: { fields: '_id,name,phoneNumber,role,jobTitle,active,lastLoginAt' } },
  );

  // At every width: the user's name and status, and the row's actions.
  const columns: DataTableColumn<UserRecord>[] = [
    nameColumn(),
    phoneColumn(),
    {
      accessorKey: 'role',
      header: 'الدور',
      meta: { nowrap: true, priority: 2 },
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
      meta: { priority: 3 },
      cell: (c) => (c.getValue() ? String(c.getValue()) : <Empty />),
    },
    statusColumn((active: boolean) => <ActiveBadge active={active} />, 'active'),
    {
      accessorKey: 'lastLoginAt',
      header: 'آخر دخول',
      meta: { nowrap: true, priority: 3 },
      cell: (c) => {
        const v = c.getValue() as string | null;
        return v ? <RelativeTime date={v} /> : <Empty />;
      },
    },
    rowActions(),
  ];

  return (
    <ListPage<UserRecord>
      {...pageProps}
      columns={columns}
      createLabel="إضافة مستخدم"
      exportTitle="تصدير المستخدمين"
      searchPlaceholder="ابحث بالاسم أو الجوال"
      rowLabel={(r) => r.name}
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
