import { isVatGroupNumber, type Settings } from '@idara/domain';
import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SettingsSection } from './SettingsSection';

/** What the form edits for the seller's national address: always an object, '' when not filled. */
export const emptyAddress = {
  buildingNumber: '',
  street: '',
  district: '',
  city: '',
  postalCode: '',
  additionalNumber: '',
};

/** The body's sellerAddress: null while nothing is filled (so other settings save), the object otherwise. */
export function sellerAddressOf(address: Settings['sellerAddress']) {
  if (!address) return null;
  return Object.values(address).every((v) => !String(v ?? '').trim()) ? null : address;
}

const ADDRESS_FIELDS: { key: keyof typeof emptyAddress; label: string; hint?: string; digits?: number }[] = [
  { key: 'buildingNumber', label: 'رقم المبنى', hint: '4 أرقام', digits: 4 },
  { key: 'street', label: 'الشارع' },
  { key: 'district', label: 'الحي' },
  { key: 'city', label: 'المدينة' },
  { key: 'postalCode', label: 'الرمز البريدي', hint: '5 أرقام', digits: 5 },
  { key: 'additionalNumber', label: 'الرقم الإضافي', hint: '4 أرقام (اختياري)', digits: 4 },
];

/**
 * The seller data every tax invoice carries (ZATCA: commercial registration and the full national
 * address), and the four-eyes rule on payments.
 */
export function SellerSection({ form }: { form: UseFormReturnType<Settings> }) {
  return (
    <SettingsSection
      title="بيانات البائع في الفواتير"
      description="تظهر على كل فاتورة ضريبية وإشعار، وتلزم قبل الربط بمنصة «فاتورة». تُحفظ في كل وثيقة عند إصدارها، فتغييرها لا يغيّر وثيقة صدرت."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <TextInput
          label="نشاط المنشأة"
          description="يُذكر في طلب شهادة الربط، مثل: صيانة المباني والتكييف"
          maxLength={100}
          {...form.getInputProps('businessCategory')}
        />
        <TextInput
          label="اسم الفرع"
          description="وحدة الفوترة في شهادة الربط (المدينة إن تُرك فارغاً)"
          maxLength={100}
          {...form.getInputProps('branchName')}
        />
        {isVatGroupNumber(form.values.vatNumber) && (
          <TextInput
            label="رقم التعريف الضريبي للعضو"
            description="الرقم الضريبي لمجموعة ضريبية: تصدر الشهادة برقم العضو (10 أرقام)"
            dir="ltr"
            inputMode="numeric"
            maxLength={10}
            {...form.getInputProps('vatGroupTin')}
          />
        )}
        <TextInput
          label="السجل التجاري"
          description="10 أرقام"
          dir="ltr"
          inputMode="numeric"
          maxLength={10}
          {...form.getInputProps('crNumber')}
        />
        {ADDRESS_FIELDS.map((f) => (
          <TextInput
            key={f.key}
            label={f.label}
            description={f.hint}
            dir={f.digits ? 'ltr' : undefined}
            inputMode={f.digits ? 'numeric' : undefined}
            maxLength={f.digits ?? 100}
            {...form.getInputProps(`sellerAddress.${f.key}`)}
          />
        ))}
      </SimpleGrid>
      <Switch
        mt="lg"
        label="فصل المهام في الدفعات والمهام"
        description="من سجّل دفعة أو أرسل مهمة للمراجعة لا يعتمدها ولا يرفضها بنفسه؛ يراجعها زميل آخر"
        {...form.getInputProps('fourEyes', { type: 'checkbox' })}
      />
    </SettingsSection>
  );
}
