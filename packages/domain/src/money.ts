import { toLatinDigits } from './digits';

/**
 * Money is an integer number of halalas (1 SAR = 100 halalas). Amounts are never computed
 * with fractional numbers; parse with {@link toHalalas}, compute with integers, display with
 * {@link fromHalalas} / {@link formatSAR}.
 *
 * Rounding rule (the only one): round half away from zero to the halala
 * ({@link roundHalalas}): 0.5 → 1, 1.5 → 2, -0.5 → -1, 2.49 → 2.
 */

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

function invalid(value: unknown): never {
  throw new RangeError(`مبلغ غير صالح: ${String(value)}`);
}

/** Rounds a magnitude given as decimal digits to halalas, half away from zero. */
function digitsToHalalas(
  negative: boolean,
  intDigits: string,
  fracDigits: string,
  original: unknown,
  exact: boolean,
): number {
  if (exact && /[1-9]/.test(fracDigits.slice(2))) throw new FractionOfHalala(original);
  const frac = fracDigits.padEnd(3, '0');
  let h = BigInt(intDigits || '0') * 100n + BigInt(frac.slice(0, 2));
  if (frac.charCodeAt(2) >= 0x35 /* '5' */) h += 1n;
  if (h > MAX) invalid(original);
  const n = Number(h);
  return negative && n !== 0 ? -n : n;
}

/** Exact decimal digits of a finite number, using its shortest round-trip text ('1.005', '1e-7'). */
function numberDigits(value: number): { negative: boolean; int: string; frac: string } {
  const m = /^(-)?(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!m) invalid(value);
  let digits = m[2] + (m[3] ?? '');
  let point = m[2].length + Number(m[4] ?? 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  return { negative: m[1] === '-', int: digits.slice(0, point), frac: digits.slice(point) };
}

/** An amount with a part smaller than a halala ('10.005'), refused by {@link exactHalalas}. */
export class FractionOfHalala extends RangeError {
  constructor(value: unknown) {
    super(`المبلغ ${String(value)} فيه أجزاء من الهللة: اكتبه بمنزلتين عشريتين على الأكثر`);
  }
}

/**
 * Like {@link toHalalas}, but an amount with more than two decimals that are not zeros ('10.005')
 * throws {@link FractionOfHalala} instead of being rounded: what a person typed is never silently
 * changed. Every amount entering the API is read with this (`moneyInput`).
 */
export const exactHalalas = (value: string | number) => parseHalalas(value, true);

const CURRENCY_PREFIX = /^(?:sar|ر\.\s?س\.?|﷼|\u20C1)\s*/i;
const CURRENCY_SUFFIX = /\s*(?:sar|ر\.\s?س\.?|﷼|\u20C1)$/i;

/**
 * Parses an amount in riyals to integer halalas: 12.5 → 1250, '12.5', '١٢٫٥' (Arabic-Indic
 * digits and the Arabic decimal separator U+066B), '1,234.50' (',' or '٬' U+066C as thousands
 * separators, which must group by three), '-3', '.5', '12.50 ر.س', 'SAR 12'. More than two
 * decimals round half away from zero: '0.005' → 1. Throws RangeError on anything else
 * (empty, letters, '1,23', NaN, Infinity, amounts beyond Number.MAX_SAFE_INTEGER halalas).
 */
export const toHalalas = (value: string | number) => parseHalalas(value, false);

function parseHalalas(value: string | number, exact: boolean): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) invalid(value);
    const d = numberDigits(value);
    return digitsToHalalas(d.negative, d.int, d.frac, value, exact);
  }
  if (typeof value !== 'string') invalid(value);
  let s = toLatinDigits(value)
    .replace(/[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, '')
    .trim()
    .replace(CURRENCY_PREFIX, '')
    .replace(CURRENCY_SUFFIX, '')
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',')
    .replace(/\u2212/g, '-');
  s = s.trim();
  const m = /^([+-])?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(s);
  if (!m || (!m[2] && !m[3])) invalid(value);
  return digitsToHalalas(m[1] === '-', (m[2] ?? '').replace(/,/g, ''), m[3] ?? '', value, exact);
}

function assertHalalas(h: number): void {
  if (!Number.isSafeInteger(h)) throw new RangeError(`قيمة الهللات يجب أن تكون عدداً صحيحاً: ${h}`);
}

/** Integer halalas to a plain decimal string with two decimals: 1250 → '12.50', -5 → '-0.05'. */
export function fromHalalas(h: number): string {
  assertHalalas(h);
  const abs = Math.abs(h);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return h < 0 ? `-${text}` : text;
}

/** Display format with Latin digits, ',' grouping and the ر.س suffix: 123450 → '1,234.50 ر.س'. */
export function formatSAR(h: number): string {
  const plain = fromHalalas(h);
  const negative = plain.startsWith('-');
  const [int, frac] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${grouped}.${frac} ر.س`;
}

/**
 * THE rounding rule: round half away from zero to a whole halala. Takes a value already in
 * halalas (e.g. 172.5 → 173, -172.5 → -173, 172.49 → 172). Rounds the number exactly as
 * given, so compute it from integers (as {@link vatOf} does) rather than from float riyals.
 */
export function roundHalalas(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`قيمة غير صالحة: ${value}`);
  const r = Math.round(Math.abs(value));
  return value < 0 && r !== 0 ? -r : r;
}

/** Integer division rounding half away from zero (same rule as {@link roundHalalas}, exact). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const a = numerator < 0n ? -numerator : numerator;
  const b = denominator < 0n ? -denominator : denominator;
  let q = a / b;
  if ((a % b) * 2n >= b) q += 1n;
  return negative ? -q : q;
}

/**
 * VAT on a net amount: `roundHalalas(net × rate / 100)`, computed exactly (no float error),
 * e.g. vatOf(1000, 15) → 150, vatOf(1001, 15) → 150 (150.15), vatOf(1010, 15) → 152 (151.5).
 * The rate is in percent and may have decimals (2.5).
 */
export function vatOf(netHalalas: number, ratePercent: number): number {
  assertHalalas(netHalalas);
  if (!Number.isFinite(ratePercent)) throw new RangeError(`نسبة غير صالحة: ${ratePercent}`);
  const r = numberDigits(ratePercent);
  const rateScaled = BigInt(r.int + r.frac || '0') * (r.negative ? -1n : 1n);
  const result = divRound(BigInt(netHalalas) * rateScaled, 100n * 10n ** BigInt(r.frac.length));
  if (result > MAX || result < -MAX) throw new RangeError('المبلغ أكبر من المسموح');
  const n = Number(result);
  return n === 0 ? 0 : n;
}

/**
 * A document's VAT shared out over its lines (the line VAT, KSA-11, in the XML and on paper), so
 * that the lines add up to the document's VAT exactly: each line gets the document VAT × its net ÷
 * all nets, rounded down, and the halalas left go one each to the lines with the largest remainders
 * (the earlier line first on a tie). The document VAT itself stays round(net × rate) on the
 * document's net, the one rounding rule; a document discount is shared the same way (pro rata).
 */
export function lineVatShares(lineNets: readonly number[], documentVat: number): number[] {
  lineNets.forEach(assertHalalas);
  assertHalalas(documentVat);
  const total = lineNets.reduce((a, n) => a + n, 0);
  if (total === 0 || lineNets.length === 0) return lineNets.map((_, i) => (i === 0 ? documentVat : 0));
  const vat = BigInt(documentVat);
  const sum = BigInt(total);
  const exact = lineNets.map((n) => {
    const product = vat * BigInt(n);
    const floor = product / sum - (product % sum < 0n ? 1n : 0n);
    return { floor, remainder: product - floor * sum };
  });
  let left = vat - exact.reduce((a, x) => a + x.floor, 0n);
  const order = exact
    .map((x, i) => ({ i, remainder: x.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  const shares = exact.map((x) => x.floor);
  for (const { i } of order) {
    if (left <= 0n) break;
    shares[i] += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

// ---- Amount in words (تفقيط) ----

const UNITS_M = ['', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'];
const UNITS_F = ['', 'واحدة', 'اثنتان', 'ثلاث', 'أربع', 'خمس', 'ست', 'سبع', 'ثماني', 'تسع', 'عشر'];
const TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const HUNDREDS = ['', 'مئة', 'مئتان', 'ثلاثمئة', 'أربعمئة', 'خمسمئة', 'ستمئة', 'سبعمئة', 'ثمانمئة', 'تسعمئة'];

type Gender = 'm' | 'f';

function below100(n: number, g: Gender): string {
  const units = g === 'm' ? UNITS_M : UNITS_F;
  if (n <= 10) return units[n];
  if (n === 11) return g === 'm' ? 'أحد عشر' : 'إحدى عشرة';
  if (n === 12) return g === 'm' ? 'اثنا عشر' : 'اثنتا عشرة';
  if (n < 20) return `${units[n - 10]} ${g === 'm' ? 'عشر' : 'عشرة'}`;
  const u = n % 10;
  const tens = TENS[Math.floor(n / 10)];
  if (u === 0) return tens;
  let unit = units[u];
  if (g === 'f' && u === 1) unit = 'إحدى';
  if (g === 'f' && u === 8) unit = 'ثمان';
  return `${unit} و${tens}`;
}

/** 1–999 in words for a counted noun of gender `g`. */
function below1000(n: number, g: Gender): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h) parts.push(HUNDREDS[h]);
  if (rest) parts.push(below100(rest, g));
  return parts.join(' و');
}

/** Category of a count for choosing the counted noun's form (CLDR Arabic rules). */
function category(n: number): 'one' | 'two' | 'few' | 'many' | 'other' {
  if (n === 1) return 'one';
  if (n === 2) return 'two';
  const r = n % 100;
  if (r >= 3 && r <= 10) return 'few';
  if (r >= 11) return 'many';
  return 'other';
}

interface Noun {
  one: string; // 'ريال واحد'
  two: string; // 'ريالان'
  plural: string; // 'ريالات'
  accusative: string; // 'ريالاً'
  singular: string; // 'ريال'
}

const SCALES: Noun[] = [
  { one: 'ألف', two: 'ألفان', plural: 'آلاف', accusative: 'ألفاً', singular: 'ألف' },
  { one: 'مليون', two: 'مليونان', plural: 'ملايين', accusative: 'مليوناً', singular: 'مليون' },
  { one: 'مليار', two: 'ملياران', plural: 'مليارات', accusative: 'ملياراً', singular: 'مليار' },
  { one: 'تريليون', two: 'تريليونان', plural: 'تريليونات', accusative: 'تريليوناً', singular: 'تريليون' },
];

const RIYAL: Noun = {
  one: 'ريال واحد',
  two: 'ريالان',
  plural: 'ريالات',
  accusative: 'ريالاً',
  singular: 'ريال',
};
const HALALA: Noun = {
  one: 'هللة واحدة',
  two: 'هللتان',
  plural: 'هللات',
  accusative: 'هللة',
  singular: 'هللة',
};

/**
 * When a count is followed directly by its noun in the genitive (construct state), a trailing
 * dual loses its ن and a trailing accusative scale loses its tanween: 'مئتا ريال', 'ألفا ريال',
 * 'أحد عشر ألف ريال'.
 */
function construct(words: string): string {
  return words
    .replace(/(مئت|ألف|مليون|مليار|تريليون)ان$/, '$1ا')
    .replace(/(ألف|مليون|مليار|تريليون)اً$/, '$1');
}

/** A whole number ≥ 0 with its counted noun, e.g. (1234, RIYAL) → 'ألف ومئتان وأربعة وثلاثون ريالاً'. */
function countWithNoun(n: number, noun: Noun, g: Gender): string {
  if (n === 0) return `صفر ${noun.singular}`;
  const cat = category(n);
  if (cat === 'one') return noun.one;
  if (cat === 'two') return noun.two;
  const parts: string[] = [];
  let rest = n;
  const groups: number[] = [];
  while (rest > 0) {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  for (let i = groups.length - 1; i >= 0; i--) {
    const grp = groups[i];
    if (!grp) continue;
    if (i === 0) {
      parts.push(below1000(grp, g));
      continue;
    }
    const scale = SCALES[i - 1];
    const c = category(grp);
    if (c === 'one') parts.push(scale.one);
    else if (c === 'two') parts.push(scale.two);
    else {
      const nounForm = c === 'few' ? scale.plural : c === 'many' ? scale.accusative : scale.singular;
      parts.push(`${construct(below1000(grp, 'm'))} ${nounForm}`);
    }
  }
  const words = parts.join(' و');
  if (cat === 'few') return `${words} ${noun.plural}`;
  if (cat === 'many') return `${words} ${noun.accusative}`;
  return `${construct(words)} ${noun.singular}`;
}

/**
 * The amount in Arabic words, riyals then halalas:
 * 123450 → 'ألف ومئتان وأربعة وثلاثون ريالاً وخمسون هللة', 100 → 'ريال واحد',
 * 200 → 'ريالان', 50 → 'خمسون هللة', 0 → 'صفر ريال', negative → 'سالب …'.
 * Numbers 101/102 etc. use the genitive singular noun ('مئة وواحد ريال'); 'مئة' spelling.
 */
export function amountInArabicWords(halalas: number): string {
  assertHalalas(halalas);
  const abs = Math.abs(halalas);
  const riyals = Math.floor(abs / 100);
  const h = abs % 100;
  let text: string;
  if (riyals === 0 && h > 0) text = countWithNoun(h, HALALA, 'f');
  else {
    text = countWithNoun(riyals, RIYAL, 'm');
    if (h > 0) text += ` و${countWithNoun(h, HALALA, 'f')}`;
  }
  return halalas < 0 ? `سالب ${text}` : text;
}

/** The invoice/cheque wording: 'فقط ألف ريال لا غير'. */
export function amountInArabicWordsFormal(halalas: number): string {
  return `فقط ${amountInArabicWords(halalas)} لا غير`;
}
