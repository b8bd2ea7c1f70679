/**
 * Text the API stores must be text: no C0 control characters (PostgreSQL refuses NUL in text and
 * JSON, the others hide content or drive terminals) except tab, line feed and carriage return, and
 * no lone UTF-16 surrogates (not encodable as UTF-8).
 */
export const UNSAFE_TEXT_MESSAGE = 'النص يحتوي على رموز تحكم غير مسموحة';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (s: string) => !CONTROL.test(s) && !LONE_SURROGATE.test(s);

/** Removes what `isSafeText` refuses (for text from outside that must be kept, e.g. inbound messages). */
export const stripUnsafeText = (s: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '').replace(new RegExp(LONE_SURROGATE, 'g'), '');

/**
 * The path (`a.0.b`) of the first string or key in a parsed JSON value that is not safe text, or
 * null. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (!isSafeText(v)) return path || '_';
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${k}` : k;
        if (!isSafeText(k)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
