import {
  customerBody,
  customerTypeLabels,
  customerTypes,
  formatSaudiPhoneLocal,
  type MessageOptOutKind,
} from '@idara/domain';
import { Checkbox, Group, Input, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBuilding, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import {
  CitySelect,
  EmailField,
  OptionSelect,
  PhoneField,
  RecordFormActions,
  useEntityForm,
} from '../../components/entity';
import { NotesSection, RecordFormGate, Section } from '../../components/page';
import { fieldLabelsOf } from '../activity/activity-labels';
import { CustomerNameField } from './CustomerNameField';
import {
  CUSTOMER_PATH,
  type Customer,
  type CustomerType,
  customerKey,
  useCities,
  useCustomer,
  useGovernments,
} from './customer-api';
import { VisitMessagesField } from './VisitMessages';

interface CustomerFormValues {
  name: string;
  type: CustomerType;
  phoneNumber: string;
  whatsappNumber: string;
  sameWhatsapp: boolean;
  email: string;
  vatNumber: string;
  crNumber: string;
  government: string | null;
  city: string | null;
  buildingNumber: string;
  street: string;
  district: string;
  postalCode: string;
  additionalNumber: string;
  notes: string;
  messageOptOuts: MessageOptOutKind[];
}

const emptyValues: CustomerFormValues = {
  name: '',
  type: 'individual',
  phoneNumber: '',
  whatsappNumber: '',
  sameWhatsapp: false,
  email: '',
  vatNumber: '',
  crNumber: '',
  government: null,
  city: null,
  buildingNumber: '',
  street: '',
  district: '',
  postalCode: '',
  additionalNumber: '',
  notes: '',
  messageOptOuts: [],
};

function toValues(c: Customer): CustomerFormValues {
  const phone = formatSaudiPhoneLocal(c.phoneNumber);
  const whatsapp = c.whatsappNumber ? formatSaudiPhoneLocal(c.whatsappNumber) : '';
  return {
    name: c.name,
    type: c.type,
    phoneNumber: phone,
    whatsappNumber: whatsapp,
    sameWhatsapp: Boolean(whatsapp) && whatsapp === phone,
    email: c.email ?? '',
    vatNumber: c.vatNumber ?? '',
    crNumber: c.crNumber ?? '',
    government: c.government,
    city: c.city,
    buildingNumber: c.buildingNumber ?? '',
    street: c.street ?? '',
    district: c.district ?? '',
    postalCode: c.postalCode ?? '',
    additionalNumber: c.additionalNumber ?? '',
    notes: c.notes ?? '',
    messageOptOuts: c.messageOptOuts ?? [],
  };
}

/** What is sent: the WhatsApp number follows the phone when ticked; individuals carry no company ids. */
function toBody({ sameWhatsapp, ...v }: CustomerFormValues) {
  return {
    ...v,
    whatsappNumber: sameWhatsapp ? v.phoneNumber : v.whatsappNumber,
    vatNumber: v.type === 'company' ? v.vatNumber : '',
    crNumber: v.type === 'company' ? v.crNumber : '',
  };
}

/** The fields the edit-conflict comparison shows. */
const fieldLabels = fieldLabelsOf(
  [
    'name',
    'type',
    'phoneNumber',
    'whatsappNumber',
    'email',
    'vatNumber',
    'crNumber',
    'government',
    'city',
    'district',
    'street',
    'buildingNumber',
    'postalCode',
    'additionalNumber',
    'notes',
    'messageOptOuts',
  ],
  { type: 'نوع العميل' },
);

const digitProps = (max: number) => ({ dir: 'ltr', inputMode: 'numeric', maxLength: max }) as const;

export default function CustomerFormPage() {
  const { id } = useParams();
  const query = useCustomer(id);
  return (
    <RecordFormGate id={id} query={query} backTo="/dashboard/customer" backLabel="العودة إلى العملاء">
      {(record) => <CustomerForm customer={record} />}
    </RecordFormGate>
  );
}

function CustomerForm({ customer }: { customer?: Customer }) {
  const queryClient = useQueryClient();
  const governments = useGovernments();
  const cities = useCities();
  const entity = useEntityForm<CustomerFormValues, Customer>({
    resourcePath: CUSTOMER_PATH,
    id: customer?._id,
    record: customer,
    schema: customerBody,
    initialValues: emptyValues,
    fromRecord: toValues,
    toBody,
    quietErrors: true,
    labels: fieldLabels,
    format: (key, value) =>
      key === 'type'
        ? customerTypeLabels[value as CustomerType]
        : key === 'government'
          ? governments.data?.options.find((o) => o.value === value)?.label
          : key === 'city' && typeof value === 'string'
            ? cities.data?.byId.get(value)?.name
            : undefined,
    onLatest: (latest) => queryClient.setQueryData(customerKey(latest._id), latest),
    successMessage: customer ? 'تم حفظ تعديلات العميل' : 'تمت إضافة العميل بنجاح',
    onSaved: (saved) => {
      queryClient.setQueryData(customerKey(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/activity'] });
    },
    redirectTo: (saved) => `/dashboard/customer/${saved._id}`,
  });
  const { form } = entity;
  const governmentOptions = governments.data?.options ?? [];
  const cityOptions = (cities.data?.rows ?? [])
    .filter((c) => !form.values.government || c.government === form.values.government)
    .map((c) => ({ value: c._id, label: c.name }));

  // A city outside the chosen region is dropped.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the region changes
  useEffect(() => {
    const { city, government } = form.values;
    if (!city || !government || !cities.data) return;
    const found = cities.data.byId.get(city);
    if (found && found.government !== government) form.setFieldValue('city', null);
  }, [form.values.government, cities.data]);

  const onCityChange = (value: string | null) => {
    form.setFieldValue('city', value);
    const city = value ? cities.data?.byId.get(value) : undefined;
    if (city && city.government !== form.values.government) form.setFieldValue('government', city.government);
  };

  const onPhoneChange = (value: string) => {
    form.setFieldValue('phoneNumber', value);
    if (form.values.sameWhatsapp) form.setFieldValue('whatsappNumber', value);
  };

  const onSameWhatsapp = (checked: boolean) => {
    form.setFieldValue('sameWhatsapp', checked);
    form.setFieldValue('whatsappNumber', checked ? form.values.phoneNumber : '');
    form.clearFieldError('whatsappNumber');
  };

  const isCompany = form.values.type === 'company';
  const cancelTo = customer ? `/dashboard/customer/${customer._id}` : '/dashboard/customer';

  return (
    <form onSubmit={entity.submit} noValidate aria-label={customer ? 'تعديل بيانات العميل' : 'إضافة عميل'}>
      <Stack gap="lg">
        <Section title="البيانات الأساسية">
          <Stack>
            <Input.Wrapper label="نوع العميل" withAsterisk>
              <SegmentedControl
                fullWidth
                mt={4}
                data={customerTypes.map((t) => ({
                  value: t,
                  label: (
                    <Group gap={6} justify="center" wrap="nowrap">
                      {t === 'company' ? <IconBuilding size={16} /> : <IconUser size={16} />}
                      <span>{customerTypeLabels[t]}</span>
                    </Group>
                  ),
                }))}
                value={form.values.type}
                onChange={(v) => form.setFieldValue('type', v as CustomerType)}
                style={{ maxWidth: 360 }}
              />
            </Input.Wrapper>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <CustomerNameField company={isCompany} {...form.getInputProps('name')} />
              <EmailField autoComplete="off" {...form.getInputProps('email')} />
              <PhoneField
                label="رقم الجوال"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('phoneNumber')}
                onChange={(e) => onPhoneChange(e.currentTarget.value)}
              />
              <Stack gap={6}>
                <PhoneField
                  label="رقم واتساب"
                  autoComplete="off"
                  {...form.getInputProps('whatsappNumber')}
                  disabled={form.values.sameWhatsapp}
                />
                <Checkbox
                  size="sm"
                  label="نفس رقم الجوال"
                  checked={form.values.sameWhatsapp}
                  onChange={(e) => onSameWhatsapp(e.currentTarget.checked)}
                />
              </Stack>
            </SimpleGrid>
          </Stack>
        </Section>

        {isCompany && (
          <Section title="بيانات المنشأة">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="الرقم الضريبي"
                description="15 رقماً يبدأ وينتهي بـ 3"
                placeholder="3XXXXXXXXXXXXX3"
                {...digitProps(15)}
                {...form.getInputProps('vatNumber')}
              />
              <TextInput
                label="رقم السجل التجاري"
                description="10 أرقام"
                {...digitProps(10)}
                {...form.getInputProps('crNumber')}
              />
            </SimpleGrid>
          </Section>
        )}

        <Section title="العنوان الوطني">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <OptionSelect
              label="المنطقة"
              loading={governments.isPending}
              placeholder="اختر المنطقة"
              data={governmentOptions}
              clearable
              {...form.getInputProps('government')}
            />
            <CitySelect
              loading={cities.isPending}
              data={cityOptions}
              nothingFoundMessage="لا توجد مدن في هذه المنطقة"
              {...form.getInputProps('city')}
              onChange={onCityChange}
            />
            <TextInput label="الحي" {...form.getInputProps('district')} />
            <TextInput label="الشارع" {...form.getInputProps('street')} />
            <TextInput
              label="رقم المبنى"
              description="4 أرقام"
              {...digitProps(4)}
              {...form.getInputProps('buildingNumber')}
            />
            <TextInput
              label="الرمز البريدي"
              description="5 أرقام"
              {...digitProps(5)}
              {...form.getInputProps('postalCode')}
            />
            <TextInput
              label="الرقم الإضافي"
              description="4 أرقام"
              {...digitProps(4)}
              {...form.getInputProps('additionalNumber')}
            />
          </SimpleGrid>
        </Section>

        <VisitMessagesField
          optOuts={form.values.messageOptOuts}
          onChange={(optOuts) => form.setFieldValue('messageOptOuts', optOuts)}
        />

        <NotesSection placeholder="أي ملاحظات إضافية عن العميل" {...form.getInputProps('notes')} />

        <RecordFormActions entity={entity} cancelTo={cancelTo} createLabel="حفظ العميل" />
      </Stack>
      {entity.conflictDialog}
    </form>
  );
}
