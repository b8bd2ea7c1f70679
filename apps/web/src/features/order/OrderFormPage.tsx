import {
  arabicPlural,
  type CustomerPick,
  type OrderCreated,
  orderBody,
  orderStatusLabels,
} from '@idara/domain';
import { Alert, Button, Checkbox, MultiSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/dates/styles.css';
import { randomId } from '@mantine/hooks';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { RecordNumber } from '../../components/data-table/cells';
import { DateTimeField, DayField } from '../../components/date-fields';
import {
  CitySelect,
  MoneyInput,
  OptionSelect,
  RecordFormActions,
  useEntityForm,
} from '../../components/entity';
import { NotesSection, RecordFormGate, Section } from '../../components/page';
import { CustomerPicker } from '../../components/pickers/CustomerPicker';
import { useCan } from '../../lib/auth';
import { isoToPicker, pickerToIso } from '../../lib/riyadh-day';
import { useSettings } from '../../lib/settings';
import { notify } from '../../lib/toast';
import { useCities } from '../customer/customer-api';
import { TASK_PATH, TASKS } from '../task/task-api';
import classes from './OrderForm.module.css';
import { OrderItemFields } from './OrderItemFields';
import { TotalsPreview } from './OrderTotalsPreview';
import {
  afterOrderChanged,
  isClosed,
  ORDER_PATH,
  type Order,
  taxRateOf,
  useContracts,
  useOrder,
  useServices,
  useUserOptions,
} from './order-api';
import {
  blank,
  type ItemValues,
  lineErrors,
  overrideOf,
  preview,
  type TermsOf,
  termsOf,
} from './order-lines';
import { type CustomerPlace, loadCustomerPlace } from './order-ui';
import '../../lib/dayjs-locale';

const BASE = '/dashboard/order';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface OrderFormValues {
  customer: string | null;
  contract: string | null;
  city: string | null;
  address: string;
  items: ItemValues[];
  discount: number | string;
  assignees: string[];
  /** The picker's 'YYYY-MM-DD HH:mm:ss', Riyadh time. */
  scheduledAt: string | null;
  /** 'YYYY-MM-DD' */
  startDate: string | null;
  endDate: string | null;
  notes: string;
  /** On creation: a task for each assignee per service that carries a form. */
  createTasks: boolean;
}

const emptyItem = (): ItemValues => ({
  key: randomId(),
  service: null,
  quantity: 1,
  unitPrice: '',
  vatCategory: '',
  vatExemptionCode: '',
  vatExemptionReason: '',
});

function toValues(order: Order | undefined, customer: string | null): OrderFormValues {
  if (!order) {
    return {
      customer,
      contract: null,
      city: null,
      address: '',
      items: [emptyItem()],
      discount: '',
      assignees: [],
      scheduledAt: null,
      startDate: null,
      endDate: null,
      notes: '',
      createTasks: false,
    };
  }
  return {
    customer: order.customer,
    contract: order.contract,
    city: order.city,
    address: order.address ?? '',
    // Each line's tax as written; it is sent back only where it is not its service's (order-lines.ts).
    items: order.items.map((i) => ({
      key: i._id,
      service: i.service,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      vatCategory: i.vatCategory,
      vatExemptionCode: i.vatExemptionCode,
      vatExemptionReason: i.vatExemptionReason,
    })),
    discount: order.discount === '0.00' ? '' : order.discount,
    assignees: order.assignees ?? [],
    scheduledAt: isoToPicker(order.scheduledAt),
    startDate: order.startDate,
    endDate: order.endDate,
    notes: order.notes ?? '',
    createTasks: false,
  };
}

/** The fields the edit-conflict comparison shows. */
const fieldLabels: Record<string, string> = {
  customer: 'العميل',
  contract: 'نوع العقد',
  city: 'المدينة',
  address: 'العنوان',
  items: 'البنود',
  discount: 'الخصم',
  scheduledAt: 'موعد التنفيذ',
  assignees: 'المكلّفون',
  startDate: 'تاريخ البداية',
  endDate: 'تاريخ النهاية',
  notes: 'ملاحظات',
};

/** What the API gets (orderBody's input): ids, quantities, decimal strings, an ISO instant. */
function toBody(v: OrderFormValues, terms: TermsOf) {
  return {
    customer: v.customer ?? '',
    contract: v.contract,
    city: v.city,
    address: v.address,
    items: v.items.map((i) => ({
      service: i.service ?? '',
      quantity: i.quantity,
      unitPrice: blank(i.unitPrice) ? undefined : i.unitPrice,
      ...overrideOf(i, terms(i.service)),
    })),
    discount: blank(v.discount) ? undefined : v.discount,
    assignees: v.assignees,
    scheduledAt: pickerToIso(v.scheduledAt),
    startDate: v.startDate,
    endDate: v.endDate,
    notes: v.notes,
  };
}

export default function OrderFormPage() {
  const { id } = useParams();
  const query = useOrder(id);
  return (
    <RecordFormGate id={id} query={query} backTo={BASE} backLabel="العودة إلى الطلبات">
      {(order) => <OrderForm order={order} />}
    </RecordFormGate>
  );
}

function OrderForm({ order }: { order?: Order }) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const presetCustomer = !order && UUID.test(params.get('customer') ?? '') ? params.get('customer') : null;

  const settings = useSettings();
  const services = useServices();
  const contracts = useContracts();
  const cities = useCities();
  const users = useUserOptions();

  const initial = useMemo(() => toValues(order, presetCustomer), [order, presetCustomer]);
  const taxRate = order ? taxRateOf(order.taxRate) : (settings.data?.tax ?? null);
  const terms: TermsOf = (id) => (id ? termsOf(services.data?.byId.get(id)) : null);

  const nameOf = (options: { value: string; label: string }[] | undefined, id: unknown) =>
    options?.find((o) => o.value === id)?.label;
  const canCustomerDetails = useCan('customer:details');
  const entity = useEntityForm<OrderFormValues, Order & Partial<Pick<OrderCreated, 'tasksCreated'>>>({
    resourcePath: ORDER_PATH,
    id: order?._id,
    record: order,
    schema: orderBody,
    initialValues: initial,
    fromRecord: (latest) => toValues(latest, null),
    toBody: (v) => ({
      ...toBody(v, terms),
      // only on creation, and only when someone is assigned
      createTasks: !order && v.assignees.length > 0 && v.createTasks,
    }),
    validate: (values, errors) => {
      if (!values.customer) errors.customer = 'اختر العميل';
      lineErrors(values.items, terms, errors);
      const p = preview(values.items, values.discount, taxRate ?? 0, terms);
      if (p.problem && !errors.discount) errors.discount = p.problem;
    },
    quietErrors: true,
    labels: fieldLabels,
    format: (key, value) => {
      if (key === 'items' && Array.isArray(value))
        return (value as ItemValues[])
          .map(
            (i) =>
              `${services.data?.byId.get(String(i.service))?.name ?? '—'} × ${i.quantity} (${i.unitPrice})`,
          )
          .join('، ');
      if (key === 'contract') return nameOf(contracts.data?.options, value);
      if (key === 'city') return nameOf(cities.data?.options, value);
      if (key === 'assignees' && Array.isArray(value))
        return value.map((id) => nameOf(users.options, id) ?? '—').join('، ') || '—';
      return undefined;
    },
    onLatest: (latest) => afterOrderChanged(queryClient, latest),
    successMessage: order ? 'تم حفظ تعديلات الطلب' : 'تمت إضافة الطلب بنجاح',
    onSaved: (saved, body) => {
      afterOrderChanged(queryClient, saved);
      if ((body as { createTasks?: boolean }).createTasks) {
        const n = saved.tasksCreated ?? 0;
        if (n > 0) notify.success(`أُنشئت ${arabicPlural(n, TASKS)} للموظفين المكلّفين`);
        else notify.info('لم تُنشأ مهام: لا توجد في الطلب خدمة لها نموذج فعّال');
        void queryClient.invalidateQueries({ queryKey: [TASK_PATH] });
      }
    },
    redirectTo: (saved) => `${BASE}/${saved._id}`,
  });
  const { form } = entity;
  const values = form.values;

  // The customer's city and address fill the order's, where the user has not written their own: an
  // empty field, or one still holding what the previous customer brought.
  const filled = useRef<CustomerPlace>({ city: null, address: '' });
  const placeOf = (customerId: string, known?: CustomerPick) => {
    void loadCustomerPlace(queryClient, customerId, canCustomerDetails, known).then((place) => {
      if (!place || form.getValues().customer !== customerId) return;
      const now = form.getValues();
      if (!now.city || now.city === filled.current.city) form.setFieldValue('city', place.city);
      if (!now.address.trim() || now.address === filled.current.address)
        form.setFieldValue('address', place.address);
      filled.current = place;
    });
  };
  // «طلب جديد» from a customer's page: that customer's place at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the customer the page was opened for
  useEffect(() => {
    if (presetCustomer) placeOf(presetCustomer);
  }, [presetCustomer]);

  const live = preview(values.items, values.discount, taxRate, terms);
  const closed = order ? isClosed(order.status) : false;

  // Services offered: the active ones, plus any already on a line (a stopped service stays readable).
  const serviceOptions = useMemo(() => {
    const rows = services.data?.rows ?? [];
    const used = new Set(values.items.map((i) => i.service).filter(Boolean));
    const opts = rows
      .filter((s) => s.active || used.has(s._id))
      .map((s) => ({ value: s._id, label: s.active ? s.name : `${s.name} (موقوفة)` }));
    for (const item of order?.items ?? []) {
      if (!opts.some((o) => o.value === item.service)) opts.push({ value: item.service, label: item.name });
    }
    return opts;
  }, [services.data, values.items, order]);

  const contractOptions = useMemo(() => {
    const rows = contracts.data?.rows ?? [];
    const opts = rows
      .filter((c) => c.active || c._id === values.contract)
      .map((c) => ({ value: c._id, label: c.name }));
    if (order?.contract && order.contractName && !opts.some((o) => o.value === order.contract))
      opts.push({ value: order.contract, label: order.contractName });
    return opts;
  }, [contracts.data, values.contract, order]);

  const cityOptions = useMemo(() => {
    const opts = cities.data?.options ?? [];
    if (order?.city && order.cityName && !opts.some((o) => o.value === order.city))
      return [...opts, { value: order.city, label: order.cityName }];
    return opts;
  }, [cities.data, order]);

  const onServiceChange = (index: number, serviceId: string | null) => {
    form.setFieldValue(`items.${index}.service`, serviceId);
    const service = serviceId ? services.data?.byId.get(serviceId) : undefined;
    if (service) form.setFieldValue(`items.${index}.unitPrice`, service.price);
    // Another service brings its own category: a choice made for the previous one goes.
    for (const f of ['vatCategory', 'vatExemptionCode', 'vatExemptionReason'])
      form.setFieldValue(`items.${index}.${f}`, '');
  };

  const addItem = () => {
    const index = values.items.length;
    form.insertListItem('items', emptyItem());
    form.clearFieldError('items');
    window.setTimeout(
      () => document.querySelector<HTMLElement>(`[data-path="items.${index}.service"]`)?.focus(),
      0,
    );
  };

  const removeItem = (index: number) => {
    form.removeListItem('items', index);
    window.setTimeout(() => document.querySelector<HTMLElement>('[data-add-item]')?.focus(), 0);
  };

  const cancelTo = order
    ? `${BASE}/${order._id}`
    : presetCustomer
      ? `/dashboard/customer/${presetCustomer}?tab=orders`
      : BASE;
  const itemsError = form.errors.items;

  return (
    <form
      onSubmit={entity.submit}
      noValidate
      aria-label={order ? `تعديل الطلب رقم ${order.number}` : 'طلب جديد'}
    >
      <Stack gap="lg">
        {order && closed && (
          <Alert color="orange" radius="lg" icon={<IconLock size={20} />} title="لا يمكن تعديل هذا الطلب">
            الطلب <RecordNumber value={order.number} /> حالته «{orderStatusLabels[order.status]}»، ولا تُعدّل
            الطلبات المكتملة أو الملغاة.
          </Alert>
        )}
        <Section title="العميل والموقع">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CustomerPicker
              label="العميل"
              withAsterisk
              initialLabel={order?.customerName}
              {...form.getInputProps('customer')}
              value={values.customer}
              onChange={(v, customer) => {
                form.setFieldValue('customer', v);
                if (v) placeOf(v, customer ?? undefined);
              }}
            />
            <OptionSelect
              label="نوع العقد"
              loading={contracts.isPending}
              placeholder="بدون عقد"
              data={contractOptions}
              clearable
              {...form.getInputProps('contract')}
            />
            <CitySelect loading={cities.isPending} data={cityOptions} {...form.getInputProps('city')} />
            <TextInput
              label="العنوان"
              placeholder="الحي، الشارع، رقم المبنى"
              autoComplete="off"
              {...form.getInputProps('address')}
            />
          </SimpleGrid>
        </Section>

        <Section
          title="الخدمات"
          description="يُملأ السعر وفئة الضريبة من الخدمة، ويمكن تعديلهما للبند."
          actions={
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={addItem}
              disabled={values.items.length >= 100}
              data-add-item
            >
              إضافة خدمة
            </Button>
          }
        >
          <Stack gap="sm" className={classes.items}>
            {values.items.map((item, index) => (
              <OrderItemFields
                key={item.key}
                form={form}
                index={index}
                item={item}
                terms={terms(item.service)}
                serviceOptions={serviceOptions}
                servicesLoading={services.isPending}
                lineTotal={live.lines[index]}
                onServiceChange={(v) => onServiceChange(index, v)}
                onRemove={() => removeItem(index)}
                removable={values.items.length > 1}
              />
            ))}
            {itemsError && (
              <Text size="sm" c="red" role="alert">
                {itemsError}
              </Text>
            )}
          </Stack>
        </Section>

        <Section title="ملخص المبالغ">
          <div className={classes.summaryBox}>
            <div className={classes.summary}>
              <MoneyInput
                label="الخصم"
                placeholder="0.00"
                description="مبلغ يُخصم من مجموع البنود قبل الضريبة"
                {...form.getInputProps('discount')}
              />
              <TotalsPreview
                live={live}
                taxRate={taxRate}
                loadingRate={!order && settings.isPending}
                rateFailed={!order && settings.isError}
              />
            </div>
          </div>
        </Section>

        <Section title="الجدولة والفريق">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateTimeField label="موعد التنفيذ" {...form.getInputProps('scheduledAt')} />
            {users.available ? (
              <Stack gap="xs">
                <MultiSelect
                  label="المكلّفون"
                  placeholder={values.assignees.length ? undefined : 'اختر الموظفين'}
                  data={users.options}
                  searchable
                  clearable
                  clearButtonProps={{ 'aria-label': 'مسح المكلّفين' }}
                  hidePickedOptions
                  nothingFoundMessage="لا توجد نتائج"
                  {...form.getInputProps('assignees')}
                />
                {!order && values.assignees.length > 0 && (
                  <Checkbox
                    label="إنشاء مهام للموظفين من نماذج الخدمات"
                    description="مهمة لكل موظف مكلّف عن كل خدمة لها نموذج، بموعد التنفيذ نفسه"
                    {...form.getInputProps('createTasks', { type: 'checkbox' })}
                  />
                )}
              </Stack>
            ) : (
              <div />
            )}
            <DayField
              label="تاريخ البداية"
              maxDate={values.endDate ?? undefined}
              {...form.getInputProps('startDate')}
            />
            <DayField
              label="تاريخ النهاية"
              minDate={values.startDate ?? undefined}
              {...form.getInputProps('endDate')}
            />
          </SimpleGrid>
        </Section>

        <NotesSection placeholder="أي تفاصيل إضافية عن الطلب" {...form.getInputProps('notes')} />

        <RecordFormActions entity={entity} cancelTo={cancelTo} createLabel="حفظ الطلب" locked={closed} />
      </Stack>
      {entity.conflictDialog}
    </form>
  );
}
