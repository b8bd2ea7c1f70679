import {
  type FormBody,
  type FormField,
  type FormFieldType,
  formBody,
  formFieldTypeLabels,
  optionFieldTypes,
  rangeFieldTypes,
  toLatinDigits,
} from '@idara/domain';
import type { FormRecord } from '../form-api';

/** A field on the canvas: the form field plus a local id (drag-and-drop and React key). */
export interface BuilderField {
  uid: string;
  key: string;
  type: FormFieldType;
  label: string;
  required: boolean;
  options: string[];
  /** Kept as typed ('' = no bound). */
  min: string;
  max: string;
  placeholder: string;
  help: string;
}

export interface BuilderState {
  title: string;
  description: string;
  active: boolean;
  fields: BuilderField[];
}

/** Errors of one field, by property (key, label, options, min, max, placeholder, help). */
export type FieldErrors = Record<string, string>;

export interface BuilderErrors {
  /** title, description, fields (the whole list) … */
  form: Record<string, string>;
  /** By field uid. */
  fields: Record<string, FieldErrors>;
}

export const noErrors: BuilderErrors = { form: {}, fields: {} };

let uidCounter = 0;
export const newUid = () => `f${Date.now().toString(36)}${(uidCounter++).toString(36)}`;

/** field_1, field_2 …: one more than the highest such key (so a deleted key is not reused at once). */
export function nextKey(fields: readonly { key: string }[]): string {
  let n = 0;
  const taken = new Set(fields.map((f) => f.key.toLowerCase()));
  for (const f of fields) {
    const m = /^field_(\d+)$/i.exec(f.key);
    if (m) n = Math.max(n, Number(m[1]));
  }
  let key = `field_${n + 1}`;
  while (taken.has(key)) key = `field_${++n + 1}`;
  return key;
}

const DEFAULT_LABELS: Partial<Record<FormFieldType, string>> = {
  section: 'قسم جديد',
  checkbox: 'أؤكد صحة البيانات',
  signature: 'توقيع العميل',
  file: 'صورة أو مرفق',
};

/** A new field of a type, with a key not yet used in `fields`. */
export function newField(type: FormFieldType, fields: readonly { key: string }[]): BuilderField {
  return {
    uid: newUid(),
    key: nextKey(fields),
    type,
    label: DEFAULT_LABELS[type] ?? formFieldTypeLabels[type],
    required: false,
    options: optionFieldTypes.includes(type) ? ['الخيار الأول', 'الخيار الثاني'] : [],
    min: '',
    max: '',
    placeholder: '',
    help: '',
  };
}

/** A copy of a field just below it, with a fresh key. */
export function copyField(field: BuilderField, fields: readonly { key: string }[]): BuilderField {
  return { ...field, uid: newUid(), key: nextKey(fields), options: [...field.options] };
}

const boundText = (v: number | null) => (v === null || v === undefined ? '' : String(v));

export function fromRecord(record: FormRecord | undefined): BuilderState {
  if (!record) return { title: '', description: '', active: true, fields: [] };
  return {
    title: record.title,
    description: record.description ?? '',
    active: record.active,
    fields: record.fields.map((f) => ({
      uid: newUid(),
      key: f.key,
      type: f.type,
      label: f.label,
      required: f.required,
      options: [...(f.options ?? [])],
      min: boundText(f.min),
      max: boundText(f.max),
      placeholder: f.placeholder ?? '',
      help: f.help ?? '',
    })),
  };
}

const bound = (v: string) => {
  const s = toLatinDigits(v).trim();
  return s === '' ? null : s;
};

/** The request body (formBody's input): what the builder holds, without local ids. */
export function toBody(state: BuilderState): FormBody {
  return {
    title: state.title,
    description: state.description,
    active: state.active,
    fields: state.fields.map((f) => ({
      key: f.key,
      type: f.type,
      label: f.label,
      required: f.type === 'section' ? false : f.required,
      options: optionFieldTypes.includes(f.type) ? f.options : [],
      min: rangeFieldTypes.includes(f.type) ? bound(f.min) : null,
      max: rangeFieldTypes.includes(f.type) ? bound(f.max) : null,
      placeholder: f.placeholder,
      help: f.help,
    })),
  };
}

/** What the preview renders: the fields as a saved form would hold them (bad bounds left out). */
export function previewFields(state: BuilderState): FormField[] {
  return state.fields.map((f) => {
    const num = (v: string) => {
      const s = bound(v);
      const n = s === null ? Number.NaN : Number(s);
      return rangeFieldTypes.includes(f.type) && Number.isFinite(n) ? n : null;
    };
    return {
      key: f.key || f.uid,
      type: f.type,
      label: f.label || formFieldTypeLabels[f.type],
      required: f.type === 'section' ? false : f.required,
      options: optionFieldTypes.includes(f.type)
        ? [...new Set(f.options.filter((o) => o.trim() !== ''))]
        : [],
      min: num(f.min),
      max: num(f.max),
      placeholder: f.placeholder,
      help: f.help,
    };
  });
}

/** A comparable snapshot (dirty check). */
export const snapshotOf = (state: BuilderState) => JSON.stringify(toBody(state));

/**
 * Error paths of the schema or the API (`title`, `fields`, `fields.3.key`, `fields.3.options.1` …)
 * → errors by form property and by field uid (so they follow the field if it is moved).
 */
export function mapErrors(paths: Record<string, string>, fields: readonly BuilderField[]): BuilderErrors {
  const out: BuilderErrors = { form: {}, fields: {} };
  for (const [path, message] of Object.entries(paths)) {
    const m = /^fields\.(\d+)(?:\.([A-Za-z]+))?/.exec(path);
    const field = m ? fields[Number(m[1])] : undefined;
    if (m && field) {
      const prop = m[2] ?? '_';
      out.fields[field.uid] ??= {};
      out.fields[field.uid][prop] ??= message;
    } else {
      const key = path.split('.')[0] || 'fields';
      out.form[key] ??= message;
    }
  }
  return out;
}

/** Validates on the client with the same schema as the server; errors keyed like the API's. */
export function validate(state: BuilderState): { body: FormBody | null; errors: Record<string, string> } {
  const result = formBody.safeParse(toBody(state));
  if (result.success) return { body: result.data as FormBody, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || 'fields';
    errors[path] ??= issue.message;
  }
  return { body: null, errors };
}

/** The labels of min/max for a type, or null when bounds mean nothing for it. */
export function boundLabels(type: FormFieldType): { min: string; max: string; hint: string } | null {
  switch (type) {
    case 'number':
      return { min: 'أقل قيمة', max: 'أعلى قيمة', hint: 'حدود الرقم المقبول' };
    case 'text':
    case 'textarea':
      return { min: 'أقل عدد أحرف', max: 'أعلى عدد أحرف', hint: 'طول النص المقبول' };
    case 'multiselect':
      return { min: 'أقل عدد اختيارات', max: 'أعلى عدد اختيارات', hint: 'عدد الخيارات المختارة' };
    default:
      return null;
  }
}

/** Types whose input shows a placeholder. */
export const placeholderTypes: readonly FormFieldType[] = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'multiselect',
  'phone',
];
