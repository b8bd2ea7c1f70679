import {
  documentTaxProblem,
  type LineTax,
  lineAmount,
  lineTaxOf,
  lineTaxProblems,
  type OrderTotals,
  orderTotals,
  type PricedOption,
  quantityProblem,
  standardLineTax,
  toHalalas,
  toLatinDigits,
  type Unit,
  unitOf,
  type VatCategory,
} from '@idara/domain';
import { sameTax } from '../../components/tax/tax-options';

/** One line of the order form. */
export interface ItemValues {
  /** Local key of the row (React key and nothing else). */
  key: string;
  service: string | null;
  quantity: number | string;
  unitPrice: number | string;
  /** '' while the line takes its service's category and reason; else the line's own (an export of services). */
  vatCategory: VatCategory | '';
  vatExemptionCode: string;
  vatExemptionReason: string;
}

/** What a line needs of its service: the unit it is sold in and its VAT. */
export interface ServiceTerms {
  unit: Unit;
  tax: LineTax;
}
export type TermsOf = (serviceId: string | null) => ServiceTerms | null;

/** The services lookup's row carries the unit and the VAT; a row without them is a piece, standard-rated. */
export function termsOf(service: PricedOption | undefined): ServiceTerms | null {
  if (!service) return null;
  const row = service as PricedOption & Partial<LineTax> & { unit?: string };
  return { unit: unitOf(row.unit), tax: lineTaxOf(row) };
}

/** Integer halalas of a money value from the API or an input; null when empty or unreadable. */
export function halalasOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return toHalalas(value);
  } catch {
    return null;
  }
}

export const blank = (v: number | string | null | undefined) => v === '' || v === null || v === undefined;

/** '1.5', '١٫٥' or 1.5 → 1.5 (NaN when unreadable). */
export const parseQuantity = (v: number | string) =>
  Number(toLatinDigits(String(v)).trim().replace('٫', '.'));

const ownTax = (item: ItemValues): LineTax | null =>
  item.vatCategory
    ? {
        vatCategory: item.vatCategory,
        vatExemptionCode: item.vatExemptionCode,
        vatExemptionReason: item.vatExemptionReason,
      }
    : null;

/** The line's tax: its own when it has one, else its service's. */
export const lineTaxFor = (item: ItemValues, terms: ServiceTerms | null): LineTax =>
  ownTax(item) ?? terms?.tax ?? standardLineTax;

/** The line's own tax when it is not its service's: only then is it sent (the server takes the service's). */
export function overrideOf(item: ItemValues, terms: ServiceTerms | null): LineTax | null {
  const own = ownTax(item);
  return own && !(terms && sameTax(own, terms.tax)) ? own : null;
}

/** Why the line's quantity does not fit its service's unit (before a service is chosen: none). */
export function quantityError(item: ItemValues, terms: ServiceTerms | null): string | null {
  if (blank(item.quantity) || !terms) return null;
  return quantityProblem(parseQuantity(item.quantity), terms.unit);
}

/** The line's amount in halalas; null while incomplete or when quantity × price is not whole halalas. */
function amountOf(item: ItemValues, terms: ServiceTerms | null): number | null {
  const price = halalasOrNull(item.unitPrice);
  const quantity = parseQuantity(item.quantity);
  if (price === null || price < 0 || blank(item.quantity) || !(quantity > 0)) return null;
  if (quantityError(item, terms)) return null;
  return lineAmount(quantity, price);
}

export interface Preview {
  /** Line totals in halalas (null while the line is incomplete). */
  lines: (number | null)[];
  totals: OrderTotals | null;
  /** Why the totals cannot be shown (discount above the subtotal …). */
  problem: string | null;
}

/** The live totals: the domain's own arithmetic on integer halalas, each line with its VAT category. */
export function preview(
  items: ItemValues[],
  discountValue: number | string,
  taxRate: number | null,
  terms: TermsOf,
): Preview {
  const lines = items.map((i) => amountOf(i, terms(i.service)));
  if (taxRate === null) return { lines, totals: null, problem: null };
  const complete = items.flatMap((item, i) =>
    lines[i] === null
      ? []
      : [
          {
            quantity: parseQuantity(item.quantity),
            unitPrice: halalasOrNull(item.unitPrice) ?? 0,
            ...lineTaxFor(item, terms(item.service)),
          },
        ],
  );
  try {
    return {
      lines,
      totals: orderTotals(complete, halalasOrNull(discountValue) ?? 0, taxRate),
      problem: null,
    };
  } catch (e) {
    return { lines, totals: null, problem: e instanceof Error ? e.message : 'تعذر حساب المبالغ' };
  }
}

/** The checks the server makes of the lines, said on the fields before anything is sent. */
export function lineErrors(items: ItemValues[], terms: TermsOf, errors: Record<string, string>) {
  items.forEach((item, i) => {
    const at = (field: string) => `items.${i}.${field}`;
    if (!item.service) errors[at('service')] = 'اختر الخدمة';
    const t = terms(item.service);
    const quantity = quantityError(item, t);
    const price = halalasOrNull(item.unitPrice);
    if (quantity) errors[at('quantity')] ??= quantity;
    else if (
      !blank(item.quantity) &&
      price !== null &&
      lineAmount(parseQuantity(item.quantity), price) === null
    )
      errors[at('quantity')] ??= 'الكمية × السعر لا يساوي عدداً صحيحاً من الهللات: عدّل الكمية أو السعر';
    const own = overrideOf(item, t);
    for (const [field, message] of Object.entries((own && lineTaxProblems(own)) ?? {}))
      errors[at(field)] ??= message;
  });
  const mix = documentTaxProblem(items.filter((i) => i.service).map((i) => lineTaxFor(i, terms(i.service))));
  if (mix) errors.items ??= mix;
}
