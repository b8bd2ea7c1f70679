/**
 * The fixed kinds of records and their Arabic labels. Kept apart from the zod schemas
 * (schemas/records.ts re-exports them) so a list screen showing a label does not load zod.
 */

export const paymentMethodKinds = ['cash', 'bank_transfer', 'card', 'online'] as const;
export const paymentMethodKindLabels: Record<(typeof paymentMethodKinds)[number], string> = {
  cash: 'نقدي',
  bank_transfer: 'تحويل بنكي',
  card: 'بطاقة',
  online: 'دفع إلكتروني',
};

export const customerTypes = ['individual', 'company'] as const;
export const customerTypeLabels: Record<(typeof customerTypes)[number], string> = {
  individual: 'فرد',
  company: 'منشأة',
};
