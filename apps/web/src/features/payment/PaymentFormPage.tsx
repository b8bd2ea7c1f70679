import {
  formatSAR,
  fromHalalas,
  idSchema,
  orderStatusLabels,
  paymentBody,
  paymentStatusLabels,
  toHalalas,
} from '@idara/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconAlertTriangle, IconArrowRight, IconCalendar, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ask } from '../../components/confirm';
import { Money, RemoteSelect, useLookup } from '../../components/data-table';
import {
  type EntityFormState,
  MoneyInput,
  OptionSelect,
  RecordFormActions,
  RecordLoadError,
  type UseEntityFormOptions,
  useEntityForm,
} from '../../components/entity';
import { isApiError, type RequestOptions } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { notify } from '../../lib/toast';
import {
  invoicePath,
  ORDER_LOOKUP_PATH,
  type OrderRow,
  orderIdOf,
  orderPath,
  PAYMENT_BASE,
  PAYMENT_METHOD_LOOKUP_PATH,
  PAYMENT_PATH,
  type Payment,
  type PaymentBodyOut,
  type PaymentDetails,
  type PaymentMethodRow,
  refreshAfterPaymentChange,
  savePayment,
  useOrder,
} from './payment-api';
import '../../lib/dayjs-locale';

type PaymentFormValues = {
  order: string | null;
  amount: string | number;
  paymentMethod: string | null;
  dueDate: string | null;
  note: string;
  allowOverpay: boolean;
};

/** A required pick: an Arabic "choose …" instead of the id schema's message when nothing is chosen. */
const pick = (message: string) => z.string({ message }).min(1, { message }).pipe(idSchema);

/** The domain's paymentBody, with friendlier messages for the two selects. */
const formSchema = paymentBody.extend({
  order: pick('اختر الطلب'),
  paymentMethod: pick('اختر طريقة الدفع'),
});

/** Cancelled overpay confirmation: stops the save without an error message. */
class SaveCancelled extends Error {}

function halalasOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return toHalalas(value);
  } catch {
    return null;
  }
}

const orderLabel = (o: Pick<OrderRow, 'number' | 'customerName'>) =>
  `طلب رقم ${o.number}${o.customerName ? ` — ${o.customerName}` : ''}`;

export default function PaymentFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const fromUrl = params.get('order');
  const preselected = !id && fromUrl && idSchema.safeParse(fromUrl).success ? fromUrl : null;

  const save = useCallback(
    async (body: unknown, _values: unknown, request: RequestOptions): Promise<Payment> => {
      const send = async (b: PaymentBodyOut) => {
        try {
          return await savePayment(b, id, request);
        } catch (e) {
          // Field errors land on the fields, an edit conflict in its dialog; anything else is said once, here.
          const shown = isApiError(e) && (e.status === 422 || e.status === 412);
          if (!(isApiError(e) && (shown || e.action === 'clearToken' || e.maintenance))) {
            notify.error(e instanceof Error ? e.message : 'حدث خطأ');
          }
          throw e;
        }
      };
      const b = body as PaymentBodyOut;
      let result = await send(b);
      if (!result.ok) {
        const balance = result.balance === null ? null : halalasOf(result.balance);
        const confirmed = await ask({
          header: 'المبلغ أكبر من المتاح للتسجيل على الطلب',
          message: (
            <span data-testid="overpay-confirm">
              {balance !== null ? (
                <>
                  المبلغ المدخل <bdi>{formatSAR(toHalalas(b.amount))}</bdi> أكبر من المتاح للتسجيل على الطلب{' '}
                  <bdi>{formatSAR(balance)}</bdi> بفارق <bdi>{formatSAR(toHalalas(b.amount) - balance)}</bdi>.
                </>
              ) : (
                result.message || 'المبلغ أكبر من المتاح للتسجيل على الطلب.'
              )}{' '}
              هل تريد تسجيل الدفعة بهذا المبلغ؟
            </span>
          ),
          icon: <IconAlertTriangle size={28} color="var(--mantine-color-orange-6)" aria-hidden />,
          acceptLabel: 'نعم، سجّل الدفعة',
          rejectLabel: 'مراجعة المبلغ',
          centered: true,
        });
        if (!confirmed) throw new SaveCancelled('cancelled');
        result = await send({ ...b, allowOverpay: true });
        if (!result.ok) throw new SaveCancelled(result.message);
      }
      return result.payment;
    },
    [id],
  );

  const entity = useEntityForm<PaymentFormValues, PaymentDetails>({
    resourcePath: PAYMENT_PATH,
    id,
    schema: formSchema,
    initialValues: {
      order: preselected,
      amount: '',
      paymentMethod: null,
      dueDate: null,
      note: '',
      allowOverpay: false,
    },
    fromRecord: (r) => ({
      order: orderIdOf(r),
      amount: r.amount,
      paymentMethod: r.paymentMethod,
      dueDate: r.dueDate ? r.dueDate.slice(0, 10) : null,
      note: r.note ?? '',
      allowOverpay: false,
    }),
    // the API answers the saved payment row; only its _id is used afterwards
    save: save as (
      body: unknown,
      values: unknown,
      request: RequestOptions,
    ) => Promise<unknown> as UseEntityFormOptions<PaymentFormValues, PaymentDetails>['save'],
    redirectTo: (saved) => invoicePath(saved._id),
    successMessage: id ? 'تم حفظ تعديلات الدفعة' : 'تم تسجيل الدفعة بنجاح',
    onSaved: () => refreshAfterPaymentChange(queryClient),
  });
  const { record } = entity;

  if (entity.loading) return <FormSkeleton />;
  if (entity.isEdit && entity.loadError)
    return <RecordLoadError backTo={PAYMENT_BASE} message={entity.loadError.message} />;
  if (record && record.status !== 'pending') {
    return (
      <Alert
        color="yellow"
        radius="lg"
        icon={<IconInfoCircle size={20} />}
        title="لا يمكن تعديل هذه الدفعة"
        maw={760}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            تُعدَّل الدفعة فقط وهي بانتظار الموافقة، وحالتها الآن «{paymentStatusLabels[record.status]}».
          </Text>
          <Button
            component={Link}
            to={invoicePath(record._id)}
            size="xs"
            variant="light"
            leftSection={<IconArrowRight size={16} />}
          >
            عرض الفاتورة
          </Button>
        </Stack>
      </Alert>
    );
  }

  return <PaymentFields entity={entity} preselected={preselected} />;
}

function PaymentFields({
  entity,
  preselected,
}: {
  entity: EntityFormState<PaymentFormValues, PaymentDetails>;
  preselected: string | null;
}) {
  const { form, record, isEdit } = entity;
  const orderId = form.values.order;
  const order = useOrder(orderId);
  const canOrder = useCan('order:details');
  const methods = useLookup<PaymentMethodRow>(PAYMENT_METHOD_LOOKUP_PATH);

  // Preselected from ?order=: the amount starts at the order's balance, and that is not a user edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the preselected order arrives
  useEffect(() => {
    const o = order.data;
    if (!o || !preselected || o._id !== preselected || form.isDirty()) return;
    if (form.values.amount !== '') return;
    const balance = halalasOf(o.balance);
    if (balance === null || balance <= 0) return;
    const values = { ...form.values, amount: fromHalalas(balance) };
    form.setValues(values);
    form.resetDirty(values);
  }, [order.data]);

  const methodOptions = useMemo(
    () =>
      (methods.data?.rows ?? [])
        .filter((m) => m.active || m._id === form.values.paymentMethod)
        .map((m) => ({ value: m._id, label: m.active ? m.name : `${m.name} (موقوفة)` })),
    [methods.data, form.values.paymentMethod],
  );

  // What may still be requested: the order's balance, plus this payment's own amount when editing it.
  const balance = halalasOf(order.data?.balance);
  const own = isEdit && record && orderIdOf(record) === orderId ? halalasOf(record.amount) : 0;
  const available = balance === null ? null : balance + (own ?? 0);
  const amount = halalasOf(form.values.amount);
  const overpay = available !== null && amount !== null && amount > available;
  const cancelled = order.data?.status === 'cancelled';

  const cancelTo = record
    ? invoicePath(record._id)
    : preselected && canOrder
      ? orderPath(preselected)
      : PAYMENT_BASE;

  return (
    <form onSubmit={entity.submit} noValidate aria-label={isEdit ? 'تعديل الدفعة' : 'إضافة دفعة'}>
      <Stack gap="lg" maw={820}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="h4" mb="md">
            الطلب
          </Title>
          <Stack>
            <RemoteSelect
              path={ORDER_LOOKUP_PATH}
              params={{ status: 'new,in_progress,completed', sort: '-createdAt' }}
              toOption={orderOptionOf}
              label="الطلب"
              placeholder="ابحث برقم الطلب أو اسم العميل أو جواله"
              withAsterisk
              clearable={!isEdit}
              disabled={isEdit}
              description={isEdit ? 'لا تُنقل الدفعة إلى طلب آخر' : undefined}
              selectedLabel={order.data ? orderLabel(order.data) : undefined}
              value={orderId}
              error={form.errors.order}
              data-path="order"
              onChange={(v, row) => {
                form.setFieldValue('order', v);
                form.clearFieldError('order');
                if (!isEdit) {
                  const b = halalasOf(row?.balance);
                  form.setFieldValue('amount', b !== null && b > 0 ? fromHalalas(b) : '');
                }
              }}
            />
            {orderId && <OrderSummary order={order} canOpen={canOrder} available={available} />}
            {cancelled && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
                هذا الطلب ملغي، ولا تُسجَّل عليه دفعات.
              </Alert>
            )}
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Title order={2} fz="h4" mb="md">
            بيانات الدفعة
          </Title>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <MoneyInput
                label="المبلغ (شامل الضريبة)"
                withAsterisk
                placeholder="0.00"
                {...form.getInputProps('amount')}
              />
              <OptionSelect
                label="طريقة الدفع"
                withAsterisk
                loading={methods.isPending}
                placeholder="اختر طريقة الدفع"
                data={methodOptions}
                nothingFoundMessage="لا توجد طرق دفع فعّالة"
                {...form.getInputProps('paymentMethod')}
              />
            </SimpleGrid>
            {overpay && available !== null && (
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                data-testid="overpay-warning"
                role="status"
              >
                المبلغ أكبر من المتاح للتسجيل على الطلب (<bdi>{formatSAR(available)}</bdi>) بفارق{' '}
                <bdi>{formatSAR((amount ?? 0) - available)}</bdi>. سنطلب تأكيدك عند الحفظ.
              </Alert>
            )}
            <DatePickerInput
              label="تاريخ الاستحقاق"
              placeholder="اختياري"
              leftSection={<IconCalendar size={16} />}
              valueFormat="YYYY/MM/DD"
              clearable
              maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
              {...form.getInputProps('dueDate')}
              onChange={(v) => form.setFieldValue('dueDate', v ? String(v).slice(0, 10) : null)}
            />
            <Textarea
              label="ملاحظات"
              placeholder="مثل رقم الحوالة أو اسم المحوِّل"
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('note')}
            />
          </Stack>
        </Paper>

        <RecordFormActions entity={entity} cancelTo={cancelTo} createLabel="حفظ الدفعة" />
      </Stack>
    </form>
  );
}

function orderOptionOf(o: OrderRow) {
  return { value: o._id, label: orderLabel(o) };
}

function OrderSummary({
  order,
  canOpen,
  available,
}: {
  order: ReturnType<typeof useOrder>;
  canOpen: boolean;
  available: number | null;
}) {
  if (order.isPending) return <Skeleton h={72} radius="md" />;
  if (order.isError || !order.data) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        تعذر تحميل بيانات الطلب.
      </Alert>
    );
  }
  const o = order.data;
  return (
    <Paper
      radius="md"
      p="sm"
      bg="var(--mantine-color-default-hover)"
      data-testid="order-summary"
      aria-label="ملخص الطلب"
      role="group"
    >
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            طلب رقم <bdi>{o.number}</bdi>
          </Text>
          {o.customerName && (
            <Text size="sm" c="dimmed">
              <bdi>{o.customerName}</bdi>
            </Text>
          )}
          <Badge variant="outline" radius="sm" color="gray" size="sm">
            {orderStatusLabels[o.status] ?? o.status}
          </Badge>
        </Group>
        {canOpen && (
          <Anchor component={Link} to={orderPath(o._id)} size="sm">
            عرض الطلب
          </Anchor>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Figure label="إجمالي الطلب" value={o.total} />
        <Figure label="المدفوع" value={o.paid} />
        <Figure
          label="المتاح للتسجيل"
          value={available !== null ? fromHalalas(available) : o.balance}
          testId="order-balance"
          strong
        />
      </SimpleGrid>
    </Paper>
  );
}

function Figure({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Flex
      direction={{ base: 'row', xs: 'column' }}
      justify={{ base: 'space-between', xs: 'flex-start' }}
      gap={{ base: 'sm', xs: 0 }}
      style={{ minWidth: 0 }}
    >
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={testId}>
        <Money value={value} />
      </Text>
    </Flex>
  );
}

function FormSkeleton() {
  return (
    <Stack gap="lg" maw={820} role="status" aria-label="جارٍ التحميل…">
      {[0, 1].map((i) => (
        <Paper key={i} withBorder p="lg">
          <Skeleton h={22} w={140} mb="lg" radius="sm" />
          <Stack gap="sm">
            <Skeleton h={36} radius="sm" />
            <Skeleton h={36} w="60%" radius="sm" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
