/**
 * Units a service is sold in (UN/ECE Recommendation 20 codes, written as InvoicedQuantity's
 * unitCode). A unit that is measured (hours, metres…) takes a quantity with up to three decimals;
 * a counted one (a piece, a visit) takes whole numbers.
 */
export const units = [
  'piece',
  'visit',
  'hour',
  'day',
  'month',
  'metre',
  'square_metre',
  'kilogram',
  'litre',
] as const;
export type Unit = (typeof units)[number];

export const unitInfo: Record<Unit, { code: string; label: string; measured: boolean }> = {
  piece: { code: 'PCE', label: 'قطعة', measured: false },
  visit: { code: 'C62', label: 'زيارة', measured: false },
  hour: { code: 'HUR', label: 'ساعة', measured: true },
  day: { code: 'DAY', label: 'يوم', measured: false },
  month: { code: 'MON', label: 'شهر', measured: false },
  metre: { code: 'MTR', label: 'متر', measured: true },
  square_metre: { code: 'MTK', label: 'متر مربع', measured: true },
  kilogram: { code: 'KGM', label: 'كيلوغرام', measured: true },
  litre: { code: 'LTR', label: 'لتر', measured: true },
};

export const isUnit = (u: unknown): u is Unit => typeof u === 'string' && u in unitInfo;
/** The unit of a line frozen before units existed: a piece. */
export const unitOf = (u: string | null | undefined): Unit => (isUnit(u) ? u : 'piece');

/** Quantities are kept to thousandths. */
export const QUANTITY_SCALE = 1000;

/**
 * quantity × unit price in halalas, exactly, or null when the product is not a whole number of
 * halalas (1.255 h × 10.01: the amount would have to be rounded, and Idara changes no amount).
 */
export function lineAmount(quantity: number, unitPriceHalalas: number): number | null {
  const thousandths = Math.round(quantity * QUANTITY_SCALE);
  const product = BigInt(thousandths) * BigInt(unitPriceHalalas);
  if (product % BigInt(QUANTITY_SCALE) !== 0n) return null;
  const n = Number(product / BigInt(QUANTITY_SCALE));
  return Number.isSafeInteger(n) ? n : null;
}

/** Why a quantity does not fit its unit, in Arabic; null when it does. */
export function quantityProblem(quantity: number, unit: Unit): string | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'الكمية يجب أن تكون أكبر من صفر';
  const thousandths = quantity * QUANTITY_SCALE;
  if (Math.abs(thousandths - Math.round(thousandths)) > 1e-6) return 'الكمية بثلاث منازل عشرية على الأكثر';
  if (!unitInfo[unit].measured && !Number.isInteger(quantity))
    return `الكمية بوحدة «${unitInfo[unit].label}» عدد صحيح`;
  return null;
}

/** A quantity as printed: up to three decimals, no trailing zeros (1.5, 2, 0.125). */
export const formatQuantity = (quantity: number) =>
  String(Math.round(quantity * QUANTITY_SCALE) / QUANTITY_SCALE);
