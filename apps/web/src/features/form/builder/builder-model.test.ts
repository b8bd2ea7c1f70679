import { arrayMove } from '@dnd-kit/sortable';
import { formBody } from '@idara/domain';
import { describe, expect, it } from 'vitest';
import type { FormRecord } from '../form-api';
import {
  type BuilderState,
  copyField,
  fromRecord,
  mapErrors,
  newField,
  nextKey,
  previewFields,
  snapshotOf,
  toBody,
  validate,
} from './builder-model';

/** A builder holding the fields added in order, as the palette adds them. */
function built(...types: Parameters<typeof newField>[0][]): BuilderState {
  const fields: BuilderState['fields'] = [];
  for (const type of types) fields.push(newField(type, fields));
  return { title: 'نموذج زيارة', description: '', active: true, fields };
}

describe('adding, copying, moving and removing fields', () => {
  it('gives each added field the next free key and a distinct local id', () => {
    const state = built('text', 'select', 'number');
    expect(state.fields.map((f) => f.key)).toEqual(['field_1', 'field_2', 'field_3']);
    expect(new Set(state.fields.map((f) => f.uid)).size).toBe(3);
    expect(state.fields[1]).toMatchObject({ type: 'select', options: ['الخيار الأول', 'الخيار الثاني'] });
    expect(state.fields[0].options).toEqual([]);
  });

  it('does not hand out a removed key again at once, nor one a user typed', () => {
    const state = built('text', 'text', 'text');
    const withoutLast = state.fields.filter((f) => f.key !== 'field_3');
    expect(nextKey(withoutLast)).toBe('field_3');
    const withoutMiddle = state.fields.filter((f) => f.key !== 'field_2');
    expect(nextKey(withoutMiddle)).toBe('field_4');
    // Keys are unique regardless of case, as the server compares them.
    expect(nextKey([{ key: 'FIELD_7' }, { key: 'notes' }])).toBe('field_8');
    expect(nextKey([{ key: 'Field_1x' }, { key: 'field_1' }])).toBe('field_2');
  });

  it('copies a field with a fresh key and its own options list', () => {
    const state = built('select', 'text');
    const copy = copyField(state.fields[0], state.fields);
    expect(copy.key).toBe('field_3');
    expect(copy.uid).not.toBe(state.fields[0].uid);
    copy.options.push('الخيار الثالث');
    expect(state.fields[0].options).toHaveLength(2);
  });

  it('keeps the order the user dragged into in the request body', () => {
    const state = built('text', 'number', 'date');
    const moved = { ...state, fields: arrayMove(state.fields, 2, 0) };
    expect(toBody(moved).fields.map((f) => f.type)).toEqual(['date', 'text', 'number']);
    expect(snapshotOf(moved)).not.toBe(snapshotOf(state));
  });

  it("keeps a field's errors on that field after it is moved", () => {
    const state = built('text', 'select');
    state.fields[1].options = [];
    const errors = validate(state).errors;
    expect(errors['fields.1.options']).toBe('أضف خياراً واحداً على الأقل');
    const select = state.fields[1];
    const moved = arrayMove(state.fields, 1, 0);
    // Errors are keyed by index when found, then by uid: found before the move, shown after it.
    const mapped = mapErrors(errors, state.fields);
    expect(mapped.fields[select.uid]).toEqual({ options: 'أضف خياراً واحداً على الأقل' });
    expect(mapErrors(validate({ ...state, fields: moved }).errors, moved).fields[select.uid]).toEqual({
      options: 'أضف خياراً واحداً على الأقل',
    });
  });
});

describe('validation against the forms rules of the domain', () => {
  it('accepts what the palette produces and sends what the server schema accepts', () => {
    const state = built('section', 'text', 'select', 'multiselect', 'number', 'checkbox', 'signature');
    const { body, errors } = validate(state);
    expect(errors).toEqual({});
    expect(formBody.safeParse(toBody(state)).success).toBe(true);
    expect(body?.fields).toHaveLength(7);
  });

  it('refuses a form of sections only, a duplicate key in another case, and a bad key', () => {
    expect(validate(built('section')).errors).toEqual({ fields: 'أضف حقلاً واحداً على الأقل' });

    const state = built('text', 'text', 'text');
    state.fields[1].key = 'FIELD_1';
    state.fields[2].key = '1st';
    const errors = validate(state).errors;
    expect(errors['fields.1.key']).toBe('المفتاح «FIELD_1» مكرر');
    expect(errors['fields.2.key']).toBe('المفتاح بحروف لاتينية وأرقام و _ ويبدأ بحرف');
    const mapped = mapErrors(errors, state.fields);
    expect(Object.keys(mapped.fields).sort()).toEqual([state.fields[1].uid, state.fields[2].uid].sort());
  });

  it('sends bounds only for ranged types, read from Arabic digits, and checks their order', () => {
    const state = built('number', 'date');
    state.fields[0].min = '١٠';
    state.fields[0].max = ' 5 ';
    state.fields[1].min = '3';
    const body = toBody(state);
    expect(body.fields[0]).toMatchObject({ min: '10', max: '5' });
    expect(body.fields[1]).toMatchObject({ min: null, max: null });
    expect(validate(state).errors).toEqual({ 'fields.0.max': 'الحد الأعلى أقل من الحد الأدنى' });

    state.fields[0].max = '٢٠';
    expect(validate(state).body?.fields[0]).toMatchObject({ min: 10, max: 20 });
  });

  it('never makes a section required and drops options where the type has none', () => {
    const state = built('section', 'text');
    state.fields[0].required = true;
    state.fields[1].options = ['بقايا من نوع سابق'];
    const body = toBody(state);
    expect(body.fields[0].required).toBe(false);
    expect(body.fields[1].options).toEqual([]);
  });

  it('places form-level errors apart from field errors', () => {
    const state = { ...built('text'), title: '  ' };
    expect(mapErrors(validate(state).errors, state.fields)).toEqual({
      form: { title: 'عنوان النموذج مطلوب' },
      fields: {},
    });
  });
});

describe('loading a saved form and previewing', () => {
  it('round-trips a saved form to the same request body', () => {
    const record = {
      _id: 'f1',
      title: 'فحص الموقع',
      description: null,
      active: false,
      fields: [
        {
          key: 'rooms',
          type: 'number',
          label: 'عدد الغرف',
          required: true,
          options: [],
          min: 1,
          max: 9,
          placeholder: '',
          help: 'من ١ إلى ٩',
        },
        {
          key: 'kind',
          type: 'select',
          label: 'النوع',
          required: false,
          options: ['شقة', 'فيلا'],
          min: null,
          max: null,
          placeholder: '',
          help: '',
        },
      ],
    } as unknown as FormRecord;
    const state = fromRecord(record);
    // The body carries bounds as typed (text); a saved description of null comes back as ''.
    const [rooms, kind] = record.fields;
    expect(toBody(state)).toEqual({
      title: 'فحص الموقع',
      description: '',
      active: false,
      fields: [{ ...rooms, min: '1', max: '9' }, kind],
    });
    expect(validate(state).errors).toEqual({});
    expect(fromRecord(undefined)).toEqual({ title: '', description: '', active: true, fields: [] });
  });

  it('previews what a saved form would hold: blank and repeated options and bad bounds left out', () => {
    const state = built('select', 'number');
    state.fields[0].options = ['نعم', ' ', 'نعم', 'لا'];
    state.fields[0].label = '';
    state.fields[1].min = 'abc';
    state.fields[1].max = '٣';
    const [select, number] = previewFields(state);
    expect(select).toMatchObject({ options: ['نعم', 'لا'], label: 'قائمة منسدلة' });
    expect(number).toMatchObject({ min: null, max: 3 });
  });
});
