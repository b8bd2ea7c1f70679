import { Menu, Text } from '@mantine/core';
import { IconCopy, IconFileExport, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  ActiveBadge,
  actionsColumn,
  type DataTableColumn,
  dateColumn,
  FilterSelect,
  ListPage,
  RowMenu,
  statusColumn,
  useRecordList,
} from '../../components/data-table';
import { openExport } from '../../components/export';
import { useCan } from '../../lib/auth';
import { notify } from '../../lib/toast';
import { ACTIVE_FILTER_OPTIONS } from '../records-shared';
import {
  afterFormChanged,
  duplicateForm,
  editFormPath,
  FORM_PATH,
  type FormRow,
  newFormPath,
  setFormActive,
} from './form-api';

export default function FormListPage() {
  const queryClient = useQueryClient();
  const { navigate, state, remove, canEdit, canDelete, listProps } = useRecordList<FormRow>(
    FORM_PATH,
    'forms',
    { sort: '-updatedAt' },
  );
  const canCreate = useCan('forms:create');
  // One row per answered task, one column per field (the server also needs task:details).
  const canExportAnswers = useCan('task:details');

  const columns = useMemo<DataTableColumn<FormRow>[]>(() => {
    const duplicate = async (row: FormRow) => {
      try {
        const copy = await duplicateForm(row._id);
        afterFormChanged(queryClient);
        notify.success(`تم إنشاء «${copy.title}»`);
      } catch {
        // the API client showed the Arabic message
      }
    };
    const toggleActive = async (row: FormRow) => {
      try {
        await setFormActive(row._id, !row.active);
        afterFormChanged(queryClient);
        notify.success(row.active ? `أُوقف النموذج «${row.title}»` : `فُعّل النموذج «${row.title}»`);
      } catch {
        // toasted by the API client
      }
    };
    return [
      {
        accessorKey: 'title',
        header: 'عنوان النموذج',
        meta: { priority: 1, selfLabelled: true },
        cell: (c) => (
          <div style={{ minWidth: 160 }}>
            <Text size="sm" fw={600}>
              {c.getValue()}
            </Text>
            {c.row.original.description && (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {c.row.original.description}
              </Text>
            )}
          </div>
        ),
      },
      {
        accessorKey: 'version',
        header: 'الإصدار',
        meta: { nowrap: true, priority: 3 },
        cell: (c) => <bdi>{c.getValue()}</bdi>,
      },
      {
        accessorKey: 'fieldCount',
        header: 'الحقول',
        meta: { nowrap: true, priority: 2 },
        cell: (c) => <bdi>{c.getValue()}</bdi>,
      },
      {
        accessorKey: 'taskCount',
        header: 'المهام',
        enableSorting: false,
        meta: { nowrap: true, priority: 3 },
        cell: (c) => <bdi>{c.getValue() ?? 0}</bdi>,
      },
      statusColumn((active: boolean) => <ActiveBadge active={active} />, 'active'),
      dateColumn('updatedAt', 'آخر تعديل', 2),
      actionsColumn(({ row }) => {
        const r = row.original;
        if (!canEdit && !canCreate && !canDelete && !canExportAnswers) return null;
        return (
          <RowMenu
            label={`إجراءات النموذج «${r.title}»`}
            onEdit={canEdit ? () => navigate(editFormPath(r._id)) : undefined}
            onDelete={canDelete ? () => remove({ _id: r._id, name: r.title }) : undefined}
          >
            {canCreate && (
              <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void duplicate(r)}>
                إنشاء نسخة
              </Menu.Item>
            )}
            {canExportAnswers && (
              <Menu.Item
                leftSection={<IconFileExport size={16} />}
                onClick={() =>
                  openExport({
                    route: `${FORM_PATH}/${r._id}/submissions/export`,
                    options: [
                      { label: 'Excel (xlsx)', value: 'xlsx' },
                      { label: 'CSV', value: 'csv' },
                    ],
                    title: `تصدير إجابات «${r.title}»`,
                  })
                }
              >
                تصدير الإجابات
              </Menu.Item>
            )}
            {canEdit && (
              <Menu.Item
                leftSection={r.active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                onClick={() => void toggleActive(r)}
              >
                {r.active ? 'إيقاف' : 'تفعيل'}
              </Menu.Item>
            )}
          </RowMenu>
        );
      }),
    ];
  }, [canEdit, canCreate, canDelete, canExportAnswers, navigate, remove, queryClient]);

  return (
    <ListPage<FormRow>
      {...listProps}
      columns={columns}
      createTo={newFormPath}
      createLabel="نموذج جديد"
      createPermission="forms:create"
      exportable={false}
      searchPlaceholder="ابحث بعنوان النموذج"
      rowLabel={(r) => r.title}
      onRowClick={canEdit ? (r) => navigate(editFormPath(r._id)) : undefined}
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
