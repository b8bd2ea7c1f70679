/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits to ASCII; everything else untouched. */
export function toLatinDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** ASCII digits to Arabic-Indic digits, for display where wanted. */
export function toArabicDigits(input: string | number): string {
  return String(input).replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

/**
 * A whole number with Latin digits and ',' between thousands, as `toLocaleString('en-US')` writes
 * it: 12345 → '12,345'. Written out because a page's first Intl call costs
 * a phone tens of milliseconds while ICU loads.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const whole = Math.round(Math.abs(n));
  const grouped = String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 && whole !== 0 ? `-${grouped}` : grouped;
}
