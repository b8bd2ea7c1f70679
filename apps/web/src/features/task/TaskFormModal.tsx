import {
  type Customer,
  formatDateTime,
  holdsAny,
  lookupPermissions,
  type Order,
  taskBody,
} from '@idara/domain';
import { Button, Group, Modal, SimpleGrid, Skeleton, Stack, Textarea, TextInput } from '@mantine/core';
import '@mantine/dates/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DateTimeField } from '../../components/date-fields';
import { useEntityForm } from '../../components/entity';
import { ErrorAlert } from '../../components/feedback';
import { CustomerPicker } from '../../components/pickers/CustomerPicker';
import { errorMessage } from '../../lib/api-error';
import { useAuth, useCan } from '../../lib/auth';
import { isoToPicker, pickerToIso } from '../../lib/riyadh-day';
import { FormPicker, OrderPicker, orderLabel, UserPicker } from './pickers';
import { afterTaskChanged, TASK_PATH, type Task, useTask } from './task-api';
import '../../lib/dayjs-locale';

export interface TaskPreset {
  order?: Pick<Order, '_id' | 'number' | 'customer' | 'customerName'>;
  customer?: Pick<Customer, '_id' | 'name'>;
}

interface Values {
  title: string;
  description: string;
  assignee: string | null;
  /** The picker's 'YYYY-MM-DD HH:mm:ss', Riyadh time. */
  dueAt: string | null;
  form: string | null;
  order: string | null;
  customer: string | null;
}

function toValues(task: Task | undefined, preset: TaskPreset | undefined): Values {
  if (task)
    return {
      title: task.title,
      description: task.description ?? '',
      assignee: task.assignee,
      dueAt: isoToPicker(task.dueAt),
      form: task.form,
      order: task.order,
      customer: task.customer,
    };
  return {
    title: '',
    description: '',
    assignee: null,
    dueAt: null,
    form: null,
    order: preset?.order?._id ?? null,
    customer: preset?.order?.customer ?? preset?.customer?._id ?? null,
  };
}

const toBody = (v: Values) => ({
  title: v.title,
  description: v.description,
  assignee: v.assignee ?? '',
  dueAt: pickerToIso(v.dueAt),
  form: v.form,
  order: v.order,
  customer: v.customer,
});

/** The fields the edit-conflict comparison shows. */
const fieldLabels: Record<string, string> = {
  title: 'عنوان المهمة',
  description: 'الوصف',
  assignee: 'الموظف المكلّف',
  dueAt: 'موعد التسليم',
  form: 'النموذج',
  order: 'الطلب',
  customer: 'العميل',
};

/**
 * New task / edit task in a modal: title, description, assignee, due time, optional form, order and
 * customer. `taskId` edits that task (loaded first); `preset` prefills a new one (the order's page).
 */
export function TaskFormModal({
  opened,
  onClose,
  taskId,
  preset,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  taskId?: string | null;
  preset?: TaskPreset;
  onSaved?: (task: Task) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)', false);
  const editing = Boolean(taskId);
  const query = useTask(opened && taskId ? taskId : undefined);
  // While the edit-conflict dialog is over the form, Escape and outside clicks are for that dialog.
  const [conflictOpen, setConflictOpen] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={!conflictOpen}
      closeOnClickOutside={!conflictOpen}
      title={editing ? 'تعديل المهمة' : 'مهمة جديدة'}
      size="lg"
      radius="lg"
      centered
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
    >
      {editing && query.isPending ? (
        <Stack gap="sm" role="status" aria-label="جارٍ التحميل…">
          <Skeleton h={36} radius="sm" />
          <Skeleton h={80} radius="sm" />
          <Skeleton h={36} radius="sm" />
        </Stack>
      ) : editing && query.isError ? (
        <ErrorAlert title="تعذر تحميل المهمة">{errorMessage(query.error)}</ErrorAlert>
      ) : opened ? (
        <TaskForm
          key={taskId ?? 'new'}
          task={editing ? query.data : undefined}
          preset={preset}
          onConflictOpen={setConflictOpen}
          onCancel={onClose}
          onSaved={(t) => {
            onSaved?.(t);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}

function TaskForm({
  task,
  preset,
  onConflictOpen,
  onCancel,
  onSaved,
}: {
  task?: Task;
  preset?: TaskPreset;
  onConflictOpen: (open: boolean) => void;
  onCancel: () => void;
  onSaved: (task: Task) => void;
}) {
  const queryClient = useQueryClient();
  // The assignee picker reads /api/lookup/users, open to task editors without the users' list.
  const canUsers = holdsAny(useAuth().user?.permissions, lookupPermissions.users);
  const canForms = useCan('forms:read');
  const canOrders = useCan('order:read');
  const canCustomers = useCan('customer:read');
  // The task versions seen here, so the comparison can show names rather than ids.
  const seen = useRef<Task[]>(task ? [task] : []);
  const { form, submit, saving, conflictDialog, conflictOpen } = useEntityForm<Values, Task>({
    resourcePath: TASK_PATH,
    id: task?._id,
    record: task,
    schema: taskBody,
    initialValues: toValues(task, preset),
    fromRecord: (latest) => toValues(latest, undefined),
    toBody,
    validate: (values, errors) => {
      if (!values.assignee) errors.assignee = 'اختر الموظف المكلّف';
    },
    labels: fieldLabels,
    format: (key, value) => {
      if (value === null || value === '') return undefined;
      const match = (field: keyof Task, label: (t: Task) => string | null) => {
        const t = seen.current.find((x) => x[field] === value);
        return t ? (label(t) ?? undefined) : undefined;
      };
      if (key === 'dueAt') return formatDateTime(pickerToIso(String(value)) ?? String(value));
      if (key === 'assignee') return match('assignee', (t) => t.assigneeName);
      if (key === 'form') return match('form', (t) => t.formTitle);
      if (key === 'customer') return match('customer', (t) => t.customerName);
      if (key === 'order')
        return match('order', (t) =>
          t.orderNumber === null
            ? null
            : orderLabel({ number: t.orderNumber, customerName: t.customerName ?? '' }),
        );
      return undefined;
    },
    onLatest: (latest) => {
      seen.current.push(latest);
      afterTaskChanged(queryClient, latest);
    },
    // A dialog: closing it is the way out, and it asks nothing on the way.
    guardUnsaved: false,
    successMessage: task ? 'تم حفظ تعديلات المهمة' : 'تمت إضافة المهمة',
    onSaved: (saved) => {
      afterTaskChanged(queryClient, saved);
      onSaved(saved);
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: tell the modal when the dialog opens or closes
  useEffect(() => onConflictOpen(conflictOpen), [conflictOpen]);
  const values = form.values;
  // The server keeps the form once answers were saved against it.
  const formLocked =
    !!task &&
    (Object.keys(task.answers ?? {}).length > 0 ||
      !(task.status === 'pending' || task.status === 'in_progress'));

  const orderInitial = task?.order
    ? task.orderNumber !== null
      ? orderLabel({ number: task.orderNumber, customerName: task.customerName ?? '' })
      : undefined
    : preset?.order
      ? orderLabel(preset.order)
      : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={task ? 'تعديل المهمة' : 'مهمة جديدة'}>
      <Stack>
        <TextInput
          label="عنوان المهمة"
          withAsterisk
          placeholder="مثل: زيارة فحص المكيفات"
          maxLength={200}
          data-autofocus
          {...form.getInputProps('title')}
        />
        <Textarea
          label="الوصف"
          placeholder="ما المطلوب من الموظف؟"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4000}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <UserPicker
            label="الموظف المكلّف"
            withAsterisk
            disabled={!canUsers}
            description={canUsers ? undefined : 'لا تملك صلاحية عرض المستخدمين'}
            initialLabel={task?.assigneeName ?? undefined}
            {...form.getInputProps('assignee')}
            value={values.assignee}
            onChange={(v) => form.setFieldValue('assignee', v)}
          />
          <DateTimeField
            label="موعد التسليم"
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('dueAt')}
          />
          {canForms && (
            <FormPicker
              label="النموذج"
              description={formLocked ? 'لا يتغير النموذج بعد بدء تعبئته' : 'يعبّئه الموظف عند تنفيذ المهمة'}
              disabled={formLocked}
              current={task?.form ? { _id: task.form, title: task.formTitle ?? 'النموذج الحالي' } : null}
              {...form.getInputProps('form')}
              value={values.form}
              onChange={(v) => form.setFieldValue('form', v)}
            />
          )}
          {canOrders && (
            <OrderPicker
              label="الطلب"
              clearable
              clearButtonProps={{ 'aria-label': 'مسح الطلب' }}
              initialLabel={orderInitial}
              {...form.getInputProps('order')}
              value={values.order}
              onChange={(v, order) => {
                form.setFieldValue('order', v);
                if (order?.customer) form.setFieldValue('customer', order.customer);
              }}
            />
          )}
          {canCustomers && (
            <CustomerPicker
              label="العميل"
              initialLabel={task?.customerName ?? preset?.order?.customerName ?? preset?.customer?.name}
              {...form.getInputProps('customer')}
              value={values.customer}
              onChange={(v) => form.setFieldValue('customer', v)}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onCancel}>
            إلغاء
          </Button>
          <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} />}>
            {task ? 'حفظ التعديلات' : 'إضافة المهمة'}
          </Button>
        </Group>
      </Stack>
      {conflictDialog}
    </form>
  );
}
