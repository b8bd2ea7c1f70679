/**
 * Arabic plural forms for counted nouns.
 *
 * Categories follow CLDR / `Intl.PluralRules('ar')` for whole numbers (n = |count|):
 * - zero  — 0
 * - one   — 1            → the noun + واحد/واحدة: 'يوم واحد', 'ساعة واحدة'
 * - two   — 2            → the dual: 'يومان', 'ساعتان'
 * - few   — n % 100 in 3–10   → plural: '3 أيام', '103 أيام'
 * - many  — n % 100 in 11–99  → singular accusative: '11 يوماً', '11 ساعة'
 * - other — everything else (100, 101, 102, 200, 1000, fractions) → singular genitive:
 *   '100 يوم', '1000 ساعة'
 *
 * Zero: we use the 'other' form ('0 يوم', '0 ساعة'), as CLDR does; it reads naturally in
 * lists and counters. When `other` is not given it falls back to `many`, and `zero` falls
 * back to `other` (then `many`). Give `other` for grammatical 100+.
 *
 * Templates may contain `{n}`, replaced by the count in Latin digits without grouping.
 */
export interface ArabicPluralForms {
  zero?: string;
  one: string;
  two: string;
  few: string;
  many: string;
  other?: string;
}

export type ArabicPluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** CLDR Arabic plural category of `n` (sign ignored). Equivalent to `new Intl.PluralRules('ar').select(n)`. */
export function arabicPluralCategory(n: number): ArabicPluralCategory {
  const a = Math.abs(n);
  if (!Number.isInteger(a)) return 'other';
  if (a === 0) return 'zero';
  if (a === 1) return 'one';
  if (a === 2) return 'two';
  const r = a % 100;
  if (r >= 3 && r <= 10) return 'few';
  if (r >= 11 && r <= 99) return 'many';
  return 'other';
}

/** Picks the form for `n` and fills `{n}`. `arabicPlural(3, DAYS)` → '3 أيام'. */
export function arabicPlural(
  n: number,
  forms: ArabicPluralForms,
  format: (n: number) => string = String,
): string {
  if (!Number.isFinite(n)) throw new RangeError(`عدد غير صالح: ${n}`);
  const category = arabicPluralCategory(n);
  let template: string;
  switch (category) {
    case 'zero':
      template = forms.zero ?? forms.other ?? forms.many;
      break;
    case 'other':
      template = forms.other ?? forms.many;
      break;
    default:
      template = forms[category];
  }
  return template.replaceAll('{n}', format(n));
}

/**
 * A count known only as a lower bound, such as a searched list's capped total:
 * `arabicPluralAtLeast(1000, RECORDS, true)` → 'أكثر من 1000 سجل'; without `atLeast` it is arabicPlural.
 */
export function arabicPluralAtLeast(
  n: number,
  forms: ArabicPluralForms,
  atLeast: boolean | undefined,
  format: (n: number) => string = String,
): string {
  const text = arabicPlural(n, forms, format);
  return atLeast ? `أكثر من ${text}` : text;
}

/** Days, nominative (subject / standalone): 'يوم واحد', 'يومان', '3 أيام', '11 يوماً', '100 يوم'. */
export const DAYS: ArabicPluralForms = {
  one: 'يوم واحد',
  two: 'يومان',
  few: '{n} أيام',
  many: '{n} يوماً',
  other: '{n} يوم',
};

/** Days, accusative/adverbial ('متأخر يومين'). */
export const DAYS_ACCUSATIVE: ArabicPluralForms = { ...DAYS, one: 'يوماً واحداً', two: 'يومين' };

/** Days after a preposition or كل ('بعد يومين', 'كل 3 أيام'). */
export const DAYS_GENITIVE: ArabicPluralForms = { ...DAYS, two: 'يومين' };

/** Hours, nominative: 'ساعة واحدة', 'ساعتان', '3 ساعات', '11 ساعة', '100 ساعة'. */
export const HOURS: ArabicPluralForms = {
  one: 'ساعة واحدة',
  two: 'ساعتان',
  few: '{n} ساعات',
  many: '{n} ساعة',
  other: '{n} ساعة',
};

/** Hours, accusative/adverbial ('متأخر ساعتين'). */
export const HOURS_ACCUSATIVE: ArabicPluralForms = { ...HOURS, two: 'ساعتين' };

/** Months, nominative (a contract's duration): 'شهر واحد', 'شهران', '3 أشهر', '12 شهراً', '100 شهر'. */
export const MONTHS: ArabicPluralForms = {
  one: 'شهر واحد',
  two: 'شهران',
  few: '{n} أشهر',
  many: '{n} شهراً',
  other: '{n} شهر',
};

/** Visits, nominative (a contract's visits): 'بدون زيارات', 'زيارة واحدة', 'زيارتان', '3 زيارات', '11 زيارة'. */
export const VISITS: ArabicPluralForms = {
  zero: 'بدون زيارات',
  one: 'زيارة واحدة',
  two: 'زيارتان',
  few: '{n} زيارات',
  many: '{n} زيارة',
  other: '{n} زيارة',
};

/** Customers' ratings: 'تقييم واحد', 'تقييمان', '3 تقييمات', '11 تقييماً', '100 تقييم'. */
export const RATINGS: ArabicPluralForms = {
  one: 'تقييم واحد',
  two: 'تقييمان',
  few: '{n} تقييمات',
  many: '{n} تقييماً',
  other: '{n} تقييم',
};

/** Minutes, nominative: 'دقيقة واحدة', 'دقيقتان', '3 دقائق', '11 دقيقة'. */
export const MINUTES: ArabicPluralForms = {
  one: 'دقيقة واحدة',
  two: 'دقيقتان',
  few: '{n} دقائق',
  many: '{n} دقيقة',
  other: '{n} دقيقة',
};

/** Tasks, genitive/accusative after a verb or preposition: 'مهمة واحدة', 'مهمتين', '3 مهام', '11 مهمة'. */
export const TASKS: ArabicPluralForms = {
  one: 'مهمة واحدة',
  two: 'مهمتين',
  few: '{n} مهام',
  many: '{n} مهمة',
  other: '{n} مهمة',
};

/** Notifications, after a verb: 'إشعار واحد', 'إشعارين', '3 إشعارات', '11 إشعاراً', '100 إشعار'. */
export const NOTIFICATIONS: ArabicPluralForms = {
  one: 'إشعار واحد',
  two: 'إشعارين',
  few: '{n} إشعارات',
  many: '{n} إشعاراً',
  other: '{n} إشعار',
};

/** Services, after a preposition: 'خدمة واحدة', 'خدمتين', '3 خدمات', '11 خدمة'. */
export const SERVICES: ArabicPluralForms = {
  one: 'خدمة واحدة',
  two: 'خدمتين',
  few: '{n} خدمات',
  many: '{n} خدمة',
  other: '{n} خدمة',
};

/** Characters, after a preposition ('عن 3 أحرف'): 'حرف واحد', 'حرفين', '3 أحرف', '11 حرفاً', '100 حرف'. */
export const CHARACTERS: ArabicPluralForms = {
  one: 'حرف واحد',
  two: 'حرفين',
  few: '{n} أحرف',
  many: '{n} حرفاً',
  other: '{n} حرف',
};

/** Items of a list, after a preposition: 'عنصر واحد', 'عنصرين', '3 عناصر', '11 عنصراً', '100 عنصر'. */
export const ITEMS: ArabicPluralForms = {
  one: 'عنصر واحد',
  two: 'عنصرين',
  few: '{n} عناصر',
  many: '{n} عنصراً',
  other: '{n} عنصر',
};

/** Customers, counted after a verbal noun or a preposition: 'عميل واحد', 'عميلين', '3 عملاء', '11 عميلاً'. */
export const CUSTOMERS: ArabicPluralForms = {
  one: 'عميل واحد',
  two: 'عميلين',
  few: '{n} عملاء',
  many: '{n} عميلاً',
  other: '{n} عميل',
};

/** Rows of a file, after a verbal noun or a preposition: 'صف واحد', 'صفين', '5 صفوف', '11 صفاً'. */
export const ROWS: ArabicPluralForms = {
  one: 'صف واحد',
  two: 'صفين',
  few: '{n} صفوف',
  many: '{n} صفاً',
  other: '{n} صف',
};

/** Records of a list, after a preposition: 'سجل واحد', 'سجلين', '3 سجلات', '11 سجلاً'. */
export const RECORDS: ArabicPluralForms = {
  one: 'سجل واحد',
  two: 'سجلين',
  few: '{n} سجلات',
  many: '{n} سجلاً',
  other: '{n} سجل',
};

/** Messages, after a preposition: 'رسالة واحدة', 'رسالتين', '3 رسائل', '11 رسالة'. */
export const MESSAGES: ArabicPluralForms = {
  one: 'رسالة واحدة',
  two: 'رسالتين',
  few: '{n} رسائل',
  many: '{n} رسالة',
  other: '{n} رسالة',
};

/** Orders, standalone (a chart's tooltip): 'طلب واحد', 'طلبان', '3 طلبات', '11 طلباً'. */
export const ORDERS: ArabicPluralForms = {
  one: 'طلب واحد',
  two: 'طلبان',
  few: '{n} طلبات',
  many: '{n} طلباً',
  other: '{n} طلب',
};

/** Minutes after a preposition ('بعد دقيقتين'). */
export const MINUTES_GENITIVE: ArabicPluralForms = { ...MINUTES, two: 'دقيقتين' };

/** Payment receipts, standalone: 'سند واحد', 'سندان', '3 سندات', '11 سندًا'. */
export const RECEIPTS: ArabicPluralForms = {
  one: 'سند واحد',
  two: 'سندان',
  few: '{n} سندات',
  many: '{n} سندًا',
  other: '{n} سند',
};

/** Tax documents (invoices and notes), standalone: 'وثيقة واحدة', 'وثيقتان', '3 وثائق', '11 وثيقة'. */
export const DOCUMENTS: ArabicPluralForms = {
  one: 'وثيقة واحدة',
  two: 'وثيقتان',
  few: '{n} وثائق',
  many: '{n} وثيقة',
  other: '{n} وثيقة',
};
