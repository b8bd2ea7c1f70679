import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FormField, formFieldTypes, validateAnswers } from './forms';
import { formBody } from './schemas/forms';

const field = (f: Partial<FormField> & Pick<FormField, 'key' | 'type'>): FormField => ({
  label: f.key,
  required: false,
  options: [],
  min: null,
  max: null,
  placeholder: '',
  help: '',
  ...f,
});

const inspection: FormField[] = [
  field({ key: 'head', type: 'section', label: 'بيانات الزيارة' }),
  field({ key: 'notes', type: 'text', required: true, max: 20 }),
  field({ key: 'units', type: 'number', min: 1, max: 10 }),
  field({ key: 'visit', type: 'date' }),
  field({ key: 'state', type: 'select', options: ['جيد', 'سيئ'], required: true }),
  field({ key: 'parts', type: 'multiselect', options: ['فلتر', 'مروحة', 'ضاغط'], max: 2 }),
  field({ key: 'ok', type: 'checkbox', required: true }),
  field({ key: 'kind', type: 'radio', options: ['أ', 'ب'] }),
  field({ key: 'phone', type: 'phone' }),
  field({ key: 'photo', type: 'file' }),
  field({ key: 'sign', type: 'signature', required: true }),
];

const good = {
  notes: '  تم التنظيف  ',
  units: '٣',
  visit: '2026-11-21',
  state: 'جيد',
  parts: ['فلتر', 'فلتر', 'مروحة'],
  ok: true,
  kind: 'ب',
  phone: '0551234567',
  photo: '0b9a3f51-2c4e-4d7a-9a61-1f2e3d4c5b6a',
  sign: '1b9a3f51-2c4e-4d7a-9a61-1f2e3d4c5b6a',
  extra: 'dropped',
};

describe('validateAnswers', () => {
  it('normalises valid answers and drops keys the form does not have', () => {
    const { answers, fieldErrors } = validateAnswers(inspection, good);
    expect(fieldErrors).toEqual({});
    expect(answers).toEqual({
      notes: 'تم التنظيف',
      units: 3,
      visit: '2026-11-21',
      state: 'جيد',
      parts: ['فلتر', 'مروحة'],
      ok: true,
      kind: 'ب',
      phone: '+966551234567',
      photo: good.photo,
      sign: good.sign,
    });
  });

  it('refuses wrong values with an Arabic message per field', () => {
    const { fieldErrors } = validateAnswers(inspection, {
      notes: 'x'.repeat(21),
      units: 11,
      visit: '2026-02-30',
      state: 'ممتاز',
      parts: ['فلتر', 'مروحة', 'ضاغط'],
      ok: 'yes',
      kind: 'ج',
      phone: '12345',
      photo: 'not-an-id',
      sign: '',
    });
    expect(fieldErrors).toEqual({
      notes: 'لا يزيد النص عن 20 حرفاً',
      units: 'لا يزيد الرقم عن 10',
      visit: 'التاريخ غير صحيح',
      state: 'اختر قيمة من القائمة',
      parts: 'اختر 2 على الأكثر',
      ok: 'قيمة غير صحيحة',
      kind: 'اختر قيمة من القائمة',
      phone: 'رقم الجوال غير صحيح، مثال: 05XXXXXXXX',
      photo: 'المرفق غير صالح',
      sign: 'هذا الحقل مطلوب',
    });
  });

  it('requires required fields on submit but not on a draft; an unticked required box is refused', () => {
    expect(Object.keys(validateAnswers(inspection, {}).fieldErrors).sort()).toEqual([
      'notes',
      'ok',
      'sign',
      'state',
    ]);
    expect(validateAnswers(inspection, { ok: false }).fieldErrors.ok).toBe('يجب التأكيد');
    expect(validateAnswers(inspection, {}, true).fieldErrors).toEqual({});
    expect(validateAnswers(inspection, { units: 'abc' }, true).fieldErrors).toEqual({
      units: 'أدخل رقماً صحيحاً',
    });
  });

  it('never throws, and its answers always pass again unchanged (property)', () => {
    const anyValue = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 4 }),
      fc.constantFrom('جيد', 'فلتر', '2026-01-01', '0551234567', good.photo),
      fc.object({ maxDepth: 1 }),
    );
    const keys = fc.constantFrom(...inspection.map((f) => f.key), 'other', '__proto__', 'constructor');
    fc.assert(
      fc.property(fc.dictionary(keys, anyValue), fc.boolean(), (input, draft) => {
        const first = validateAnswers(inspection, input, draft);
        for (const message of Object.values(first.fieldErrors)) expect(message).toMatch(/[\u0600-\u06FF]/);
        const again = validateAnswers(inspection, first.answers, true);
        expect(again.fieldErrors).toEqual({});
        expect(again.answers).toEqual(first.answers);
      }),
    );
  });
});

describe('formBody', () => {
  const base = { title: 'فحص مكيف', fields: [{ key: 'a', type: 'text', label: 'ملاحظات' }] };

  it('accepts every field type with what it needs', () => {
    const fields = formFieldTypes.map((type, i) => ({
      key: `f${i}`,
      type,
      label: `حقل ${i}`,
      options: ['نعم', 'لا'],
      min: 1,
      max: 3,
    }));
    const parsed = formBody.parse({ ...base, fields });
    const select = parsed.fields.find((f) => f.type === 'select')!;
    const date = parsed.fields.find((f) => f.type === 'date')!;
    expect(select.options).toEqual(['نعم', 'لا']);
    expect(date).toMatchObject({ options: [], min: null, max: null });
  });

  it('refuses duplicate keys, missing options, bad keys and min above max, naming the field', () => {
    const res = formBody.safeParse({
      ...base,
      fields: [
        { key: 'a', type: 'text', label: 'أ' },
        { key: 'A', type: 'select', label: 'ب', options: [] },
        { key: '1x', type: 'number', label: 'ج' },
        { key: 'n', type: 'number', label: 'د', min: 5, max: 1 },
      ],
    });
    expect(res.success).toBe(false);
    const issues = Object.fromEntries(res.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(issues).toMatchObject({
      'fields.1.key': 'المفتاح «A» مكرر',
      'fields.1.options': 'أضف خياراً واحداً على الأقل',
      'fields.2.key': 'المفتاح بحروف لاتينية وأرقام و _ ويبدأ بحرف',
      'fields.3.max': 'الحد الأعلى أقل من الحد الأدنى',
    });
  });

  it('needs at least one field that takes an answer', () => {
    const res = formBody.safeParse({ ...base, fields: [{ key: 's', type: 'section', label: 'قسم' }] });
    expect(res.error?.issues[0].message).toBe('أضف حقلاً واحداً على الأقل');
  });
});
