/**
 * Arabic agreement for generated sentences: a message that names a record agrees with the
 * record's gender («الخدمة غير موجودة … لارتباطها»), and one that counts goes through plural.ts.
 */
export type Gender = 'm' | 'f';

export interface EntityNoun {
  /** With the article, as a sentence names it: 'الخدمة'. */
  noun: string;
  gender: Gender;
}

/** The masculine or the feminine form, as `gender` asks. */
export const agree = (gender: Gender, masculine: string, feminine: string) =>
  gender === 'f' ? feminine : masculine;

/** The nouns of the kinds not declared with `defineEntity`; `entityNouns` (entities/index.ts) adds those. */
export const coreNouns = {
  customer: { noun: 'العميل', gender: 'm' },
  user: { noun: 'المستخدم', gender: 'm' },
  city: { noun: 'المدينة', gender: 'f' },
  government: { noun: 'المنطقة', gender: 'f' },
  service: { noun: 'الخدمة', gender: 'f' },
  contract: { noun: 'نوع العقد', gender: 'm' },
  paymentMethod: { noun: 'طريقة الدفع', gender: 'f' },
  order: { noun: 'الطلب', gender: 'm' },
  payment: { noun: 'الدفعة', gender: 'f' },
  einvoice: { noun: 'الفاتورة', gender: 'f' },
  task: { noun: 'المهمة', gender: 'f' },
  form: { noun: 'النموذج', gender: 'm' },
  formVersion: { noun: 'إصدار النموذج', gender: 'm' },
  notification: { noun: 'الإشعار', gender: 'm' },
  session: { noun: 'الجلسة', gender: 'f' },
  attachment: { noun: 'المرفق', gender: 'm' },
  record: { noun: 'السجل', gender: 'm' },
} as const satisfies Record<string, EntityNoun>;

/** «الخدمة غير موجودة», «العميل غير موجود». */
export const notFoundText = ({ noun, gender }: EntityNoun) =>
  `${noun} غير ${agree(gender, 'موجود', 'موجودة')}`;

/** «اسم العميل مطلوب», «المدينة مطلوبة». */
export const requiredText = (label: string, gender: Gender = 'm') =>
  `${label} ${agree(gender, 'مطلوب', 'مطلوبة')}`;

/** «اسم العميل طويل جداً», «المدينة طويلة جداً». */
export const tooLongText = (label: string, gender: Gender = 'm') =>
  `${label} ${agree(gender, 'طويل', 'طويلة')} جداً`;

/** A person as the subject of a generated sentence. */
export interface Person {
  name: string;
  gender: 'male' | 'female';
}

/**
 * A past-tense verb agreeing with its subject: a woman takes تاء التأنيث الساكنة («سجّلت سارة»,
 * «أصدرت سارة»). Every verb passed here is a regular past form ending in a consonant; a verb ending
 * in a long vowel (أعطى → أعطت) would need its own feminine form.
 */
export const pastVerb = (verb: string, gender: Person['gender']) => (gender === 'female' ? `${verb}ت` : verb);

/** «سجّل أحمد», «سجّلت سارة»: the verb, then the person. */
export const personDid = (verb: string, person: Person) => `${pastVerb(verb, person.gender)} ${person.name}`;

let arabicCollator: Intl.Collator | undefined;

/**
 * Arabic alphabetical order, for `sort`. One collator for every comparison: `localeCompare(b, 'ar')`
 * builds a new one on each call, some milliseconds apiece on a phone.
 */
export function compareArabic(a: string, b: string): number {
  arabicCollator ??= new Intl.Collator('ar');
  return arabicCollator.compare(a, b);
}
