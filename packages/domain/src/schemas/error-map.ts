import { z } from 'zod';
import { arabicPlural, CHARACTERS, ITEMS } from '../plural';

/**
 * Zod's own messages in Arabic, for every schema that does not give its own: the API answers them
 * in `fieldErrors` and the web forms show them under fields. Installed once, when the domain
 * package is loaded (both the server and the browser load it before any schema runs).
 */

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'نصاً',
  number: 'رقماً',
  int: 'عدداً صحيحاً',
  bigint: 'عدداً صحيحاً',
  boolean: 'نعم أو لا',
  array: 'قائمة',
  object: 'مجموعة حقول',
  date: 'تاريخاً',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'البريد الإلكتروني غير صحيح',
  url: 'الرابط غير صحيح',
  uuid: 'المعرّف غير صحيح',
  guid: 'المعرّف غير صحيح',
  datetime: 'التاريخ والوقت غير صحيحين',
  date: 'التاريخ غير صحيح',
  time: 'الوقت غير صحيح',
  e164: 'رقم الهاتف غير صحيح',
};

function sizeMessage(issue: Issue, bound: number, direction: 'max' | 'min') {
  const origin = 'origin' in issue ? String(issue.origin) : '';
  if (origin === 'string') {
    if (direction === 'min' && bound <= 1) return 'هذا الحقل مطلوب';
    return direction === 'max'
      ? `يجب ألا يزيد عن ${arabicPlural(bound, CHARACTERS)}`
      : `يجب ألا يقل عن ${arabicPlural(bound, CHARACTERS)}`;
  }
  if (origin === 'array' || origin === 'set') {
    if (direction === 'min' && bound <= 1) return 'أضف عنصراً واحداً على الأقل';
    return direction === 'max'
      ? `يجب ألا تزيد القائمة عن ${arabicPlural(bound, ITEMS)}`
      : `يجب ألا تقل القائمة عن ${arabicPlural(bound, ITEMS)}`;
  }
  return direction === 'max' ? `يجب ألا تزيد القيمة عن ${bound}` : `يجب ألا تقل القيمة عن ${bound}`;
}

export function arabicZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'هذا الحقل مطلوب';
      return TYPE_NAMES[issue.expected]
        ? `يجب أن تكون القيمة ${TYPE_NAMES[issue.expected]}`
        : 'القيمة غير صالحة';
    case 'invalid_value':
      return issue.values.length === 1 ? 'القيمة غير مقبولة' : 'اختر قيمة من القائمة';
    case 'too_big':
      return sizeMessage(issue, Number(issue.maximum), 'max');
    case 'too_small':
      return sizeMessage(issue, Number(issue.minimum), 'min');
    case 'invalid_format':
      return FORMAT_NAMES[issue.format] ?? 'الصيغة غير صحيحة';
    case 'not_multiple_of':
      return 'الرقم غير مقبول';
    case 'invalid_union': {
      // The branch that took the value's type and refused its content says what is wrong with it
      // (e.g. '' or a phone number: «رقم الجوال غير صحيح»).
      const branches = ('errors' in issue ? issue.errors : []) as { code: string; message: string }[][];
      for (const branch of branches) {
        const telling = branch.find((i) => i.code !== 'invalid_type' && i.code !== 'invalid_value');
        if (telling) return telling.message;
      }
      return 'القيمة غير صالحة';
    }
    case 'unrecognized_keys':
      return `حقول غير معروفة: ${issue.keys.join('، ')}`;
    default:
      return 'القيمة غير صالحة';
  }
}

/**
 * Installs the Arabic messages. Run when this module loads; the server's entry calls it again,
 * because esbuild's bundle dropped the bare `import './schemas/error-map'` of index.ts (the
 * package's `sideEffects` list notwithstanding) and the built server answered zod's English.
 */
export function installArabicErrors() {
  z.config({ localeError: arabicZodMessage });
}
installArabicErrors();
