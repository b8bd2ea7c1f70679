import {
  type LineTax,
  type VatCategory,
  vatCategories,
  vatCategoryLabels,
  vatExemptionsFor,
} from '@idara/domain';

/** The choices of the tax selects (packages/domain vat-categories.ts). */
export const vatCategoryOptions = vatCategories.map((c) => ({ value: c, label: vatCategoryLabels[c] }));

export const exemptionOptions = (category: VatCategory) =>
  vatExemptionsFor(category).map((e) => ({ value: e.code, label: e.label }));

/**
 * The tax a line takes when its category is changed to `category`: a reason belongs to one category,
 * so it is cleared; out of scope has one code (VATEX-SA-OOS), chosen at once.
 */
export function taxForCategory(category: VatCategory): LineTax {
  const codes = exemptionOptions(category);
  return {
    vatCategory: category,
    vatExemptionCode: codes.length === 1 ? codes[0].value : '',
    vatExemptionReason: '',
  };
}

export const sameTax = (a: LineTax, b: LineTax) =>
  a.vatCategory === b.vatCategory &&
  a.vatExemptionCode === b.vatExemptionCode &&
  a.vatExemptionReason.trim() === b.vatExemptionReason.trim();
