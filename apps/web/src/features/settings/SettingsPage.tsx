import { type Settings, settingsBody, settingsDefaults } from '@idara/domain';
import {
  Alert,
  Button,
  Divider,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { confirm } from '../../components/confirm/confirm-store';
import { EmailField, PhoneField, useEntityForm } from '../../components/entity';
import { SectionLoader } from '../../components/FullPageLoader';
import { useCan } from '../../lib/auth';
import { settingsFields, settingsQuery, useSettings } from '../../lib/settings';
import { EinvoicingSection } from '../einvoicing/EinvoicingSection';
import { BackupSection } from './BackupSection';
import { ReminderSection } from './ReminderSection';
import { emptyAddress, SellerSection, sellerAddressOf } from './SellerSection';
import { SettingsSection } from './SettingsSection';
import { notificationToggles } from './settings-fields';
import { VisitSection } from './VisitSection';

/** The fields the edit-conflict comparison shows. */
const fieldLabels: Record<string, string> = {
  companyName: 'اسم المنشأة',
  vatNumber: 'الرقم الضريبي',
  tax: 'نسبة ضريبة القيمة المضافة',
  email: 'البريد الإلكتروني',
  phoneNumber: 'رقم الهاتف',
  whatsappNumber: 'رقم واتساب',
  address: 'العنوان',
  ...Object.fromEntries(notificationToggles.map((t) => [t.key, t.label])),
  maintenanceMode: 'وضع الصيانة',
  crNumber: 'السجل التجاري',
  businessCategory: 'نشاط المنشأة',
  branchName: 'اسم الفرع',
  vatGroupTin: 'رقم التعريف الضريبي للعضو',
  sellerAddress: 'العنوان الوطني',
  fourEyes: 'فصل المهام في الدفعات',
  visitDayStart: 'بداية الزيارات',
  visitMinutes: 'مدة الزيارة',
  holidays: 'أيام العطل',
};

const settingsValues = (record: Partial<Settings>): Settings => {
  const values = {
    ...settingsDefaults,
    ...Object.fromEntries(settingsFields.filter((k) => k in record).map((k) => [k, record[k]])),
  } as Settings;
  return { ...values, sellerAddress: { ...emptyAddress, ...(values.sellerAddress ?? {}) } };
};

/** What is sent and checked: an address left entirely empty is none. */
const settingsBodyOf = (values: Settings) => ({
  ...values,
  sellerAddress: sellerAddressOf(values.sellerAddress),
});

export default function SettingsPage() {
  const canUpdate = useCan('settings:update');
  const canInvoices = useCan('invoice:read');
  const queryClient = useQueryClient();
  const { data, isPending } = useSettings();
  const entity = useEntityForm<Settings, Partial<Settings>>({
    resourcePath: '/api/settings',
    singleton: true,
    readOnly: !canUpdate,
    record: data,
    schema: settingsBody,
    initialValues: settingsValues(settingsDefaults),
    fromRecord: settingsValues,
    toBody: settingsBodyOf,
    guardUnsaved: false,
    // The settings client asks for fields only (spec §7), so the version comes from the ETag.
    fetchVersion: true,
    labels: fieldLabels,
    onLatest: (latest) => {
      const next = settingsValues(latest);
      queryClient.setQueryData(settingsQuery.queryKey, next);
      if (!entity.form.isDirty()) {
        entity.form.setValues(next);
        entity.form.resetDirty(next);
      }
    },
    successMessage: 'تم حفظ الإعدادات',
    onSaved: (saved) => {
      const next = settingsValues({ ...entity.form.getValues(), ...saved });
      queryClient.setQueryData(settingsQuery.queryKey, next);
      entity.form.setValues(next);
      entity.form.resetDirty(next);
    },
  });
  const { form } = entity;

  const onMaintenanceChange = (checked: boolean) => {
    if (!checked) {
      form.setFieldValue('maintenanceMode', false);
      return;
    }
    confirm({
      header: 'تفعيل وضع الصيانة',
      message:
        'عند تفعيل وضع الصيانة لن يتمكن المستخدمون الذين لا يملكون صلاحية تعديل الإعدادات من استخدام النظام حتى إيقافه. هل تريد المتابعة؟',
      icon: <IconAlertTriangle size={28} color="var(--mantine-color-orange-6)" aria-hidden />,
      acceptLabel: 'تفعيل',
      rejectLabel: 'إلغاء',
      danger: true,
      accept: () => form.setFieldValue('maintenanceMode', true),
    });
  };

  if (isPending && !data) return <SectionLoader />;

  return (
    <form onSubmit={entity.submit} noValidate>
      <Stack gap="lg">
        {!canUpdate && (
          <Alert color="gray" icon={<IconLock size={18} />} role="status">
            لا تملك صلاحية تعديل الإعدادات، يمكنك الاطلاع عليها فقط.
          </Alert>
        )}
        <Fieldset disabled={!canUpdate} variant="unstyled" p={0} m={0} style={{ minWidth: 0 }}>
          <Stack gap="lg">
            <SettingsSection title="بيانات المنشأة">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label="اسم المنشأة" withAsterisk {...form.getInputProps('companyName')} />
                <TextInput
                  label="الرقم الضريبي"
                  description="15 رقماً يبدأ وينتهي بالرقم 3"
                  dir="ltr"
                  inputMode="numeric"
                  maxLength={15}
                  {...form.getInputProps('vatNumber')}
                />
                <NumberInput
                  label="نسبة ضريبة القيمة المضافة"
                  suffix="٪"
                  min={0}
                  max={100}
                  decimalScale={2}
                  allowNegative={false}
                  dir="ltr"
                  {...form.getInputProps('tax')}
                />
                <EmailField placeholder="info@example.com" {...form.getInputProps('email')} />
                <PhoneField label="رقم الهاتف" {...form.getInputProps('phoneNumber')} />
                <PhoneField label="رقم واتساب" {...form.getInputProps('whatsappNumber')} />
              </SimpleGrid>
              <Textarea
                label="العنوان"
                mt="md"
                autosize
                minRows={2}
                maxRows={5}
                {...form.getInputProps('address')}
              />
            </SettingsSection>

            <SellerSection form={form} />

            <VisitSection form={form} disabled={!canUpdate} />

            <SettingsSection
              title="الإشعارات"
              description="تصل الإشعارات فوراً مع تنبيه صوتي (يُكتم من الملف الشخصي)، ولا يُشعَر الموظف بما قام به بنفسه. إيقاف أي خيار يوقف ذلك الإشعار لجميع المستخدمين."
            >
              <Stack>
                {notificationToggles.map((t) => (
                  <Switch
                    key={t.key}
                    label={t.label}
                    description={t.description}
                    {...form.getInputProps(t.key, { type: 'checkbox' })}
                  />
                ))}
              </Stack>
            </SettingsSection>

            <SettingsSection title="وضع الصيانة">
              <Switch
                label="تفعيل وضع الصيانة"
                description="يمنع المستخدمين الذين لا يملكون صلاحية تعديل الإعدادات من استخدام النظام مؤقتاً"
                color="orange"
                checked={form.values.maintenanceMode}
                onChange={(e) => onMaintenanceChange(e.currentTarget.checked)}
                error={form.errors.maintenanceMode}
              />
            </SettingsSection>
          </Stack>
        </Fieldset>
        {canUpdate && (
          <>
            <Divider />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {form.isDirty() ? 'لديك تغييرات غير محفوظة' : ''}
              </Text>
              <Button
                type="submit"
                loading={entity.saving}
                disabled={!form.isDirty()}
                leftSection={<IconDeviceFloppy size={18} />}
              >
                حفظ الإعدادات
              </Button>
            </Group>
          </>
        )}
        {canInvoices && <EinvoicingSection />}
        {canUpdate && <ReminderSection />}
        {canUpdate && <BackupSection />}
      </Stack>
      {entity.conflictDialog}
    </form>
  );
}
