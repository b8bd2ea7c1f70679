import { columnOf } from './columns';
import { toLatinDigits } from './digits';
import { normalizeSaudiPhone } from './phone';
import { arabicPlural, CHARACTERS } from './plural';

/** The field types of design.md §5; `section` is a heading that takes no answer. */
export const formFieldTypes = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'multiselect',
  'checkbox',
  'radio',
  'phone',
  'file',
  'signature',
  'section',
] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

interface FieldTypeFacts {
  label: string;
  /** The answer is one of, or some of, `options`. */
  options?: true;
  /** The answer is an uploaded attachment (its id). */
  attachment?: true;
  /** min/max mean something: the value (number), the length (text) or the count chosen. */
  range?: true;
}

/** Each field type's label and what its answer is. */
const formFieldTypeTable: Record<FormFieldType, FieldTypeFacts> = {
  text: { label: 'نص قصير', range: true },
  textarea: { label: 'نص طويل', range: true },
  number: { label: 'رقم', range: true },
  date: { label: 'تاريخ' },
  select: { label: 'قائمة منسدلة', options: true },
  multiselect: { label: 'اختيار متعدد', options: true, range: true },
  checkbox: { label: 'مربع تأكيد' },
  radio: { label: 'اختيار واحد', options: true },
  phone: { label: 'رقم جوال' },
  file: { label: 'صورة أو ملف', attachment: true },
  signature: { label: 'توقيع', attachment: true },
  section: { label: 'عنوان قسم' },
};
export const formFieldTypeLabels = columnOf(formFieldTypeTable, 'label');
const fieldTypesWith = (fact: Exclude<keyof FieldTypeFacts, 'label'>): readonly FormFieldType[] =>
  formFieldTypes.filter((type) => formFieldTypeTable[type][fact]);
/** Types whose answer is one of, or some of, `options`. */
export const optionFieldTypes = fieldTypesWith('options');
/** Types answered by an uploaded attachment (its id). */
export const attachmentFieldTypes = fieldTypesWith('attachment');
/** Types where min/max mean something: the value (number), the length (text) or the count chosen. */
export const rangeFieldTypes = fieldTypesWith('range');

export interface FormField {
  key: string;
  type: FormFieldType;
  label: string;
  required: boolean;
  options: string[];
  min: number | null;
  max: number | null;
  placeholder: string;
  help: string;
}

export type AnswerValue = string | number | boolean | string[] | null;
export type Answers = Record<string, AnswerValue>;

/** Upload limits for attachment answers, shared by the screen (before sending) and the server. */
export const attachmentLimits = {
  file: { maxBytes: 5 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
  signature: { maxBytes: 512 * 1024, types: ['image/png'] },
} as const;

export const TEXT_MAX = 1000;
export const TEXTAREA_MAX = 5000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isEmpty(v: unknown) {
  return (
    v === undefined ||
    v === null ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.length === 0) ||
    v === false
  );
}

function parseNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = toLatinDigits(v).trim().replace('٫', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

function isCalendarDate(s: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

type Checked = { value: AnswerValue } | { error: string };

/** Checks one non-empty answer against its field; returns the value to store or an Arabic message. */
function checkValue(field: FormField, raw: unknown): Checked {
  const { min, max } = field;
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: 'أدخل نصاً' };
      const value = String(raw).trim();
      const limit = field.type === 'text' ? TEXT_MAX : TEXTAREA_MAX;
      if (value.length > Math.min(limit, max ?? limit))
        return { error: `لا يزيد النص عن ${arabicPlural(Math.min(limit, max ?? limit), CHARACTERS)}` };
      if (min !== null && value.length < min)
        return { error: `لا يقل النص عن ${arabicPlural(min, CHARACTERS)}` };
      return { value };
    }
    case 'number': {
      const n = parseNumber(raw);
      if (n === null) return { error: 'أدخل رقماً صحيحاً' };
      if (Math.abs(n) > 1e12) return { error: 'الرقم كبير جداً' };
      if (min !== null && n < min) return { error: `لا يقل الرقم عن ${min}` };
      if (max !== null && n > max) return { error: `لا يزيد الرقم عن ${max}` };
      return { value: n };
    }
    case 'date': {
      if (typeof raw !== 'string') return { error: 'التاريخ غير صحيح' };
      const s = toLatinDigits(raw).trim().slice(0, 10);
      return isCalendarDate(s) ? { value: s } : { error: 'التاريخ غير صحيح' };
    }
    case 'select':
    case 'radio': {
      if (typeof raw !== 'string' || !field.options.includes(raw)) return { error: 'اختر قيمة من القائمة' };
      return { value: raw };
    }
    case 'multiselect': {
      if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string' || !field.options.includes(v)))
        return { error: 'اختر قيماً من القائمة' };
      const value = [...new Set(raw as string[])];
      if (min !== null && value.length < min) return { error: `اختر ${min} على الأقل` };
      if (max !== null && value.length > max) return { error: `اختر ${max} على الأكثر` };
      return { value };
    }
    case 'checkbox': {
      if (typeof raw !== 'boolean') return { error: 'قيمة غير صحيحة' };
      return { value: raw };
    }
    case 'phone': {
      if (typeof raw !== 'string') return { error: 'رقم الجوال غير صحيح' };
      const phone = normalizeSaudiPhone(raw);
      return phone ? { value: phone } : { error: 'رقم الجوال غير صحيح، مثال: 05XXXXXXXX' };
    }
    case 'file':
    case 'signature': {
      if (typeof raw !== 'string' || !UUID.test(raw)) return { error: 'المرفق غير صالح' };
      return { value: raw.toLowerCase() };
    }
    case 'section':
      return { value: null };
  }
}

export interface AnswerCheck {
  /** Only the fields' keys, each with its normalised value; empty answers are left out. */
  answers: Answers;
  /** Field key → Arabic message. Empty when the answers are acceptable. */
  fieldErrors: Record<string, string>;
}

/**
 * Validates answers against a form version. `draft` skips the required check (a draft may be
 * incomplete) but still refuses wrong types. Keys the form does not have are dropped.
 */
export function validateAnswers(fields: readonly FormField[], input: unknown, draft = false): AnswerCheck {
  const source = (input && typeof input === 'object' && !Array.isArray(input) ? input : {}) as Record<
    string,
    unknown
  >;
  const answers: Answers = {};
  const fieldErrors: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    const raw = Object.hasOwn(source, field.key) ? source[field.key] : undefined;
    if (isEmpty(raw)) {
      if (field.required && !draft) {
        fieldErrors[field.key] = field.type === 'checkbox' ? 'يجب التأكيد' : 'هذا الحقل مطلوب';
      } else if (raw === false && field.type === 'checkbox') {
        answers[field.key] = false;
      }
      continue;
    }
    const checked = checkValue(field, raw);
    if ('error' in checked) fieldErrors[field.key] = checked.error;
    else answers[field.key] = checked.value;
  }
  return { answers, fieldErrors };
}

/** Attachment ids among the answers (file and signature fields). */
export function attachmentIds(fields: readonly FormField[], answers: Answers): string[] {
  return fields
    .filter((f) => attachmentFieldTypes.includes(f.type) && typeof answers[f.key] === 'string')
    .map((f) => answers[f.key] as string);
}

/** A readable text of one answer, for exports and the activity log. */
export function answerText(field: FormField, value: AnswerValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join('، ');
  if (typeof value === 'boolean') return value ? 'نعم' : 'لا';
  if (attachmentFieldTypes.includes(field.type)) return field.type === 'signature' ? 'موقّع' : 'مرفق';
  return String(value);
}

// ---- Tasks ----

export const taskStatuses = ['pending', 'in_progress', 'submitted', 'approved', 'returned'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** Each status of a task: its label, and whether the assignee may still work on it (start, save, submit). */
const taskStatusTable: Record<TaskStatus, { label: string; open: boolean }> = {
  pending: { label: 'جديدة', open: true },
  in_progress: { label: 'قيد التنفيذ', open: true },
  submitted: { label: 'بانتظار المراجعة', open: false },
  approved: { label: 'معتمدة', open: false },
  returned: { label: 'معادة للتعديل', open: true },
};
export const taskStatusLabels = columnOf(taskStatusTable, 'label');
/** Statuses in which the assignee may still work on the task (start, save, submit). */
export const taskOpenStatuses: readonly TaskStatus[] = taskStatuses.filter((s) => taskStatusTable[s].open);
