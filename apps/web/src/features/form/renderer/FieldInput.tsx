import {
  type AnswerValue,
  type FormField,
  formatHijriDate,
  TEXT_MAX,
  TEXTAREA_MAX,
  toLatinDigits,
} from '@idara/domain';
import { Checkbox, Input, MultiSelect, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dayNoon } from '../../../lib/riyadh-day';
import { SectionHeading } from './FieldAnswer';
import { FileAnswerInput } from './FileAnswerInput';
import classes from './FormRenderer.module.css';
import { SignatureInput } from './SignatureInput';
import '../../../lib/dayjs-locale';

/** Up to this many choices are shown as checkboxes; more go into a searchable dropdown. */
const INLINE_CHOICES = 8;

export interface FieldInputProps {
  field: FormField;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  error?: string;
  /** Stable DOM id base of the field. */
  id: string;
}

const asString = (v: AnswerValue | undefined) =>
  v === null || v === undefined || typeof v === 'boolean' || Array.isArray(v) ? '' : String(v);

/** '12', '-3.5' as typed (Arabic-Indic digits accepted) → a number when it reads back the same. */
function numberAnswer(text: string): AnswerValue {
  const s = toLatinDigits(text).replace('٫', '.').trim();
  if (s === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(s) && String(Number(s)) === s) return Number(s);
  return s;
}

/** The field's help, and for a number the allowed range. */
function describe(field: FormField): ReactNode {
  const parts: ReactNode[] = [];
  if (field.help) parts.push(field.help);
  if (field.type === 'number' && (field.min !== null || field.max !== null)) {
    parts.push(
      field.min !== null && field.max !== null ? (
        <>
          من <bdi>{field.min}</bdi> إلى <bdi>{field.max}</bdi>
        </>
      ) : field.min !== null ? (
        <>
          لا يقل عن <bdi>{field.min}</bdi>
        </>
      ) : (
        <>
          لا يزيد عن <bdi>{field.max}</bdi>
        </>
      ),
    );
  }
  if (field.type === 'multiselect' && (field.min !== null || field.max !== null)) {
    parts.push(
      field.min !== null && field.max !== null ? (
        <>
          اختر من <bdi>{field.min}</bdi> إلى <bdi>{field.max}</bdi>
        </>
      ) : field.min !== null ? (
        <>
          اختر <bdi>{field.min}</bdi> على الأقل
        </>
      ) : (
        <>
          اختر <bdi>{field.max}</bdi> على الأكثر
        </>
      ),
    );
  }
  if (parts.length === 0) return undefined;
  return parts.map((p, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
    <span key={i}>
      {i > 0 ? ' — ' : ''}
      {p}
    </span>
  ));
}

/** Label with the required mark, for controls that are not Mantine inputs. */
export function FieldLabel({ field }: { field: FormField }) {
  return (
    <>
      {field.label}
      {field.required && (
        <span className={classes.required} aria-hidden>
          *
        </span>
      )}
    </>
  );
}

/** One editable answer of a form, by field type. */
export function FieldInput({ field, value, onChange, error, id }: FieldInputProps) {
  const common = {
    id,
    label: field.label,
    withAsterisk: field.required,
    description: describe(field),
    error,
    'data-path': field.key,
    'aria-required': field.required || undefined,
  };
  const placeholder = field.placeholder || undefined;

  switch (field.type) {
    case 'section':
      return <SectionHeading field={field} />;

    case 'text':
      return (
        <TextInput
          {...common}
          placeholder={placeholder}
          value={asString(value)}
          maxLength={Math.min(TEXT_MAX, field.max ?? TEXT_MAX)}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );

    case 'textarea':
      return (
        <Textarea
          {...common}
          placeholder={placeholder}
          value={asString(value)}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={Math.min(TEXTAREA_MAX, field.max ?? TEXTAREA_MAX)}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );

    case 'number':
      return (
        <TextInput
          {...common}
          placeholder={placeholder}
          value={asString(value)}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          onChange={(e) => onChange(numberAnswer(e.currentTarget.value))}
        />
      );

    case 'phone':
      return (
        <TextInput
          {...common}
          type="tel"
          placeholder={placeholder ?? '05XXXXXXXX'}
          value={asString(value)}
          inputMode="tel"
          dir="ltr"
          autoComplete="tel"
          maxLength={20}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );

    case 'date': {
      const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
      const help = describe(field);
      return (
        <DatePickerInput
          {...common}
          description={
            day ? (
              <>
                {help}
                {help ? ' — ' : ''}
                <bdi>{formatHijriDate(dayNoon(day))}</bdi>
              </>
            ) : (
              help
            )
          }
          placeholder={placeholder ?? 'اختر التاريخ'}
          leftSection={<IconCalendar size={16} aria-hidden />}
          valueFormat="YYYY/MM/DD"
          clearable
          clearButtonProps={{ 'aria-label': `مسح ${field.label}` }}
          value={day}
          onChange={(v) => onChange(v ? String(v).slice(0, 10) : null)}
        />
      );
    }

    case 'select':
      return (
        <Select
          {...common}
          placeholder={placeholder ?? 'اختر…'}
          data={field.options}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          searchable={field.options.length > INLINE_CHOICES}
          clearable
          clearButtonProps={{ 'aria-label': `مسح ${field.label}` }}
          nothingFoundMessage="لا توجد نتائج"
        />
      );

    case 'radio':
      return (
        <Radio.Group
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
        >
          <Stack gap="xs" mt={6}>
            {field.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );

    case 'multiselect': {
      const chosen = Array.isArray(value) ? value : [];
      const set = (v: string[]) => onChange(v.length ? v : null);
      if (field.options.length > INLINE_CHOICES) {
        return (
          <MultiSelect
            {...common}
            placeholder={chosen.length ? undefined : (placeholder ?? 'اختر…')}
            data={field.options}
            value={chosen}
            onChange={set}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': `مسح ${field.label}` }}
            nothingFoundMessage="لا توجد نتائج"
            hidePickedOptions
          />
        );
      }
      return (
        <Checkbox.Group {...common} value={chosen} onChange={set}>
          <Stack gap="xs" mt={6}>
            {field.options.map((option) => (
              <Checkbox key={option} value={option} label={option} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }

    case 'checkbox':
      return (
        <Checkbox
          id={id}
          data-path={field.key}
          label={<FieldLabel field={field} />}
          description={field.help || undefined}
          error={error}
          aria-required={field.required || undefined}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );

    case 'file':
    case 'signature': {
      const describedBy =
        [field.help ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
        undefined;
      const Control = field.type === 'file' ? FileAnswerInput : SignatureInput;
      return (
        <Input.Wrapper
          id={id}
          label={field.label}
          withAsterisk={field.required}
          description={field.help || undefined}
          error={error}
          labelElement="div"
          data-path={field.key}
          tabIndex={-1}
        >
          <div style={{ marginBlockStart: 6 }}>
            <Control
              fieldKey={field.key}
              label={field.label}
              value={typeof value === 'string' ? value : null}
              onChange={onChange}
              describedBy={describedBy}
              invalid={!!error}
            />
          </div>
        </Input.Wrapper>
      );
    }
  }
}
