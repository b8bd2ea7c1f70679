import type { DetailsField, Field } from '../../app/resource';

/**
 * Where the work is and who does it, as a contract and each of its visits say it (their bodies'
 * `siteInput`, packages/domain entities/site.ts): the form's fields and the page's, one wording.
 */
const teamField: Field<'assignees'> = {
  name: 'assignees',
  label: 'الفريق',
  kind: 'choices',
  of: 'users',
  placeholder: 'اختر فنياً أو أكثر',
};
const equipmentField: Field<'equipment'> = {
  name: 'equipment',
  label: 'المعدات',
  kind: 'choices',
  of: 'equipment',
  placeholder: 'اختر معدات العميل',
};
/** The city beside the field before it (a half row), then the address and the notes. */
const placeFields: Field<'city' | 'address' | 'notes'>[] = [
  {
    name: 'city',
    label: 'المدينة',
    kind: 'lookup',
    lookup: 'cities',
    placeholder: 'اختر المدينة',
    half: true,
  },
  { name: 'address', label: 'العنوان', kind: 'text', placeholder: 'الحي، الشارع، رقم المبنى' },
  { name: 'notes', label: 'ملاحظات', kind: 'textarea', maxRows: 6 },
];

const teamDetails: DetailsField<'assignees' | 'equipment'>[] = [
  { label: 'الفريق', key: 'assignees', display: { choices: 'users' }, wide: true },
  { label: 'المعدات', key: 'equipment', display: { choices: 'equipment' }, wide: true },
];
const placeDetails: DetailsField<'city' | 'address'>[] = [
  { label: 'المدينة', key: 'city', display: { ref: 'city' } },
  { label: 'العنوان', key: 'address' },
];
const notesDetails: DetailsField<'notes'> = {
  label: 'ملاحظات',
  key: 'notes',
  wide: true,
  hideEmpty: true,
};

/** The form's fields and the page's, by name: `site.team`, `...site.places`. */
export const site = { teamField, equipmentField, placeFields, teamDetails, placeDetails, notesDetails };
