import type { VatCategory } from '@idara/domain';
import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { exemptionOptions, taxForCategory, vatCategoryOptions } from './tax-options';

/**
 * A line's VAT category, its ZATCA reason (Z, E and O) and, out of scope, the office's own reason:
 * the form values `<path>vatCategory`, `<path>vatExemptionCode` and `<path>vatExemptionReason`, so the
 * schema's and the server's errors land on them. Returned without a wrapper: the caller lays them out.
 */
export function LineTaxFields({
  form,
  path = '',
  categoryLabel = 'فئة ضريبة القيمة المضافة',
}: {
  form: UseFormReturnType<any>;
  /** 'items.0.' for an order's line; '' for a service. */
  path?: string;
  categoryLabel?: string;
}) {
  const input = (name: string) => form.getInputProps(`${path}${name}`);
  const category = (input('vatCategory').value || 'S') as VatCategory;
  const setCategory = (value: string | null) => {
    if (!value || value === category) return;
    const tax = taxForCategory(value as VatCategory);
    for (const [key, v] of Object.entries(tax)) form.setFieldValue(`${path}${key}`, v);
    form.clearFieldError(`${path}vatExemptionCode`);
    form.clearFieldError(`${path}vatExemptionReason`);
  };
  return (
    <>
      <Select
        label={categoryLabel}
        data={vatCategoryOptions}
        allowDeselect={false}
        {...input('vatCategory')}
        value={category}
        onChange={setCategory}
      />
      {category !== 'S' && (
        <Select
          label={category === 'O' ? 'سبب عدم الخضوع' : 'سبب الإعفاء أو النسبة الصفرية'}
          withAsterisk
          placeholder="اختر من قائمة الهيئة"
          data={exemptionOptions(category)}
          searchable={category !== 'O'}
          nothingFoundMessage="لا توجد نتائج"
          allowDeselect={false}
          {...input('vatExemptionCode')}
          value={input('vatExemptionCode').value || null}
        />
      )}
      {category === 'O' && (
        <TextInput
          label="السبب كما يُكتب في الفاتورة"
          withAsterisk
          placeholder="مثل: تعويض عن ضرر لا يقابله توريد"
          maxLength={300}
          {...input('vatExemptionReason')}
        />
      )}
    </>
  );
}
