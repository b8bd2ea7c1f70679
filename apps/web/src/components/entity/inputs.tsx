import { personGenderLabels, personGenders } from '@idara/domain';
import {
  Group,
  Radio,
  type RadioGroupProps,
  Select,
  type SelectProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';

/** A Saudi mobile number field: left to right, the telephone keyboard, the local format as a hint. */
export function PhoneField(props: TextInputProps) {
  return <TextInput type="tel" inputMode="tel" dir="ltr" placeholder="05XXXXXXXX" {...props} />;
}

/** An e-mail field: left to right, the e-mail keyboard. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput label="البريد الإلكتروني" type="email" dir="ltr" placeholder="name@example.com" {...props} />
  );
}

/** A person's gender, which the sentences about them agree with («سجّل» or «سجّلت»). */
export function GenderField(props: Omit<RadioGroupProps, 'label' | 'children'>) {
  return (
    <Radio.Group label="الجنس" {...props}>
      <Group gap="xl" mt={8}>
        {personGenders.map((g) => (
          <Radio key={g} value={g} label={personGenderLabels[g]} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * A searchable choice among loaded options (a lookup): «جارٍ التحميل…» until they arrive; when
 * clearable, its clear button is named after the field.
 */
export function OptionSelect({
  label,
  loading,
  placeholder,
  clearable,
  nothingFoundMessage = 'لا توجد نتائج',
  ...props
}: SelectProps & { label: string; loading: boolean; placeholder: string }) {
  return (
    <Select
      label={label}
      placeholder={loading ? 'جارٍ التحميل…' : placeholder}
      searchable
      clearable={clearable}
      clearButtonProps={clearable ? { 'aria-label': `مسح ${label}` } : undefined}
      nothingFoundMessage={nothingFoundMessage}
      {...props}
    />
  );
}

/** The city of an address (customers, orders), among the loaded cities. */
export function CitySelect(props: Omit<SelectProps, 'label' | 'placeholder'> & { loading: boolean }) {
  return <OptionSelect label="المدينة" placeholder="اختر المدينة" clearable {...props} />;
}
