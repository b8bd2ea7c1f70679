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

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, and
 * drawn into an invoice they make "evil" read "live". Phones paste numbers wrapped in isolates, so
 * they are removed from what the API receives rather than refused (the marks U+200E/U+200F stay).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
export const stripBidiControls = (s: string) => s.replace(BIDI_CONTROLS, '');

/** The same value with `stripBidiControls` applied to every string in it (keys too), in place where it can. */
export function withoutBidiControls<T>(value: T): T {
  if (typeof value === 'string') return stripBidiControls(value) as T;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (!v || typeof v !== 'object') continue;
    const entries = Object.entries(v as Record<string, unknown>);
    for (const [k, child] of entries) {
      const key = stripBidiControls(k);
      const clean = typeof child === 'string' ? stripBidiControls(child) : child;
      if (key !== k) delete (v as Record<string, unknown>)[k];
      (v as Record<string, unknown>)[key] = clean;
      if (clean && typeof clean === 'object') stack.push(clean);
    }
  }
  return value;
}
