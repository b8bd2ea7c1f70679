import { isApiError } from './api-error';

/** Puts the API's per-field errors (`fieldErrors`) on the form fields; returns true when any were set. */
export function applyFieldErrors(
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
): boolean {
  if (!isApiError(error)) return false;
  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return false;
  form.setErrors(Object.fromEntries(entries));
  window.setTimeout(() => focusFirstError(error.fieldErrors), 0);
  return true;
}

/** Validation failed on submit: move focus to the first field with an error. */
export function focusFirstError(errors: Record<string, unknown>): void {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const el = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(first)}"]`);
  el?.focus();
  el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
}
