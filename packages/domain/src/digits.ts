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
