import { columnOf } from './columns';
import { lineVatShares, vatOf } from './money';

/**
 * VAT categories of a supply (UN/ECE 5305, the four ZATCA accepts, BR-KSA-18) and the Saudi
 * exemption reasons (VATEX-SA codes, XML Implementation Standard §11.2.4). A line's category
 * decides its rate: S carries the standard rate of settings (15 %, or 5 % where ZATCA allows it,
 * BR-KSA-84); Z, E and O carry 0 %.
 */
export const vatCategories = ['S', 'Z', 'E', 'O'] as const;
export type VatCategory = (typeof vatCategories)[number];

/** Each category's label, and its short label for a line on a document or a narrow column. */
const vatCategoryNames: Record<VatCategory, { label: string; short: string }> = {
  S: { label: 'خاضع للنسبة الأساسية', short: 'أساسية' },
  Z: { label: 'خاضع للنسبة الصفرية', short: 'صفرية' },
  E: { label: 'معفى من الضريبة', short: 'معفى' },
  O: { label: 'خارج نطاق الضريبة', short: 'خارج النطاق' },
};
export const vatCategoryLabels = columnOf(vatCategoryNames, 'label');
export const vatCategoryShortLabels = columnOf(vatCategoryNames, 'short');

export interface VatExemption {
  code: string;
  category: Exclude<VatCategory, 'S'>;
  /** The text ZATCA's rules expect in the XML (BR-KSA-83): English, as §11.2.4 writes it. */
  text: string;
  /** What the office reads. */
  label: string;
}

/**
 * The reasons an office may choose. VATEX-SA-EDU and VATEX-SA-HEA (private education and healthcare
 * to citizens) are left out: ZATCA then requires the buyer's national ID (BR-KSA-49), which Idara
 * does not record. VATEX-SA-OOS takes the office's own reason as its text.
 */
export const vatExemptions: readonly VatExemption[] = [
  {
    code: 'VATEX-SA-29',
    category: 'E',
    text: 'Financial services mentioned in Article 29 of the VAT Regulations',
    label: 'الخدمات المالية المذكورة في المادة 29 من اللائحة التنفيذية',
  },
  {
    code: 'VATEX-SA-29-7',
    category: 'E',
    text: 'Life insurance services mentioned in Article 29 of the VAT Regulations',
    label: 'خدمات التأمين على الحياة المذكورة في المادة 29 من اللائحة التنفيذية',
  },
  {
    code: 'VATEX-SA-30',
    category: 'E',
    text: 'Real estate transactions mentioned in Article 30 of the VAT Regulations',
    label: 'التوريدات العقارية المذكورة في المادة 30 من اللائحة التنفيذية',
  },
  { code: 'VATEX-SA-32', category: 'Z', text: 'Export of goods', label: 'تصدير السلع' },
  { code: 'VATEX-SA-33', category: 'Z', text: 'Export of services', label: 'تصدير الخدمات' },
  {
    code: 'VATEX-SA-34-1',
    category: 'Z',
    text: 'The international transport of Goods',
    label: 'النقل الدولي للسلع',
  },
  {
    code: 'VATEX-SA-34-2',
    category: 'Z',
    text: 'international transport of passengers',
    label: 'النقل الدولي للركاب',
  },
  {
    code: 'VATEX-SA-34-3',
    category: 'Z',
    text: 'services directly connected and incidental to a Supply of international passenger transport',
    label: 'الخدمات المرتبطة مباشرة بالنقل الدولي للركاب أو التابعة له',
  },
  {
    code: 'VATEX-SA-34-4',
    category: 'Z',
    text: 'Supply of a qualifying means of transport',
    label: 'توريد وسائل النقل المؤهلة',
  },
  {
    code: 'VATEX-SA-34-5',
    category: 'Z',
    text: 'Any services relating to Goods or passenger transportation, as defined in article twenty five of these Regulations',
    label: 'الخدمات المتعلقة بنقل السلع أو الركاب كما تعرّفها المادة الخامسة والعشرون من اللائحة',
  },
  {
    code: 'VATEX-SA-35',
    category: 'Z',
    text: 'Medicines and medical equipment',
    label: 'الأدوية والمعدات الطبية',
  },
  { code: 'VATEX-SA-36', category: 'Z', text: 'Qualifying metals', label: 'المعادن المؤهلة' },
  {
    code: 'VATEX-SA-MLTRY',
    category: 'Z',
    text: 'supply of qualified military goods',
    label: 'توريد السلع العسكرية المؤهلة',
  },
  {
    code: 'VATEX-SA-OOS',
    category: 'O',
    text: '',
    label: 'خارج نطاق الضريبة (يُكتب السبب)',
  },
];

export const vatExemptionOf = (code: string) => vatExemptions.find((e) => e.code === code);
export const vatExemptionsFor = (category: VatCategory) =>
  vatExemptions.filter((e) => e.category === category);

/** What a line says about its tax: the category, and for Z, E and O why (code; O's own reason). */
export interface LineTax {
  vatCategory: VatCategory;
  vatExemptionCode: string;
  vatExemptionReason: string;
}
export const standardLineTax: LineTax = { vatCategory: 'S', vatExemptionCode: '', vatExemptionReason: '' };

/** Why a line's tax is not one ZATCA accepts, in Arabic, by field ('' fields are fine); null when fine. */
export function lineTaxProblems(tax: LineTax): Partial<Record<keyof LineTax, string>> | null {
  if (tax.vatCategory === 'S') {
    return tax.vatExemptionCode ? { vatExemptionCode: 'الخاضع للنسبة الأساسية لا سبب إعفاء له' } : null;
  }
  const exemption = vatExemptionOf(tax.vatExemptionCode);
  if (!exemption)
    return {
      vatExemptionCode: `اختر سبب ${tax.vatCategory === 'O' ? 'عدم الخضوع' : 'الإعفاء أو النسبة الصفرية'} من قائمة هيئة الزكاة والضريبة والجمارك`,
    };
  if (exemption.category !== tax.vatCategory)
    return {
      vatExemptionCode: `السبب ${exemption.code} لا يخص فئة «${vatCategoryLabels[tax.vatCategory]}»`,
    };
  if (tax.vatCategory === 'O' && tax.vatExemptionReason.trim().length < 3)
    return { vatExemptionReason: 'اكتب سبب كون التوريد خارج نطاق الضريبة' };
  return null;
}

/** The reason text written in the XML and on paper for a line's tax ('' for S). */
export function exemptionTextOf(tax: LineTax): string {
  if (tax.vatCategory === 'S') return '';
  if (tax.vatCategory === 'O') return tax.vatExemptionReason.trim();
  return vatExemptionOf(tax.vatExemptionCode)?.text ?? '';
}
/** The Arabic reason shown to people ('' for S). */
export function exemptionLabelOf(tax: LineTax): string {
  if (tax.vatCategory === 'S') return '';
  if (tax.vatCategory === 'O') return tax.vatExemptionReason.trim();
  return vatExemptionOf(tax.vatExemptionCode)?.label ?? '';
}

export const vatRateOf = (category: VatCategory, standardRate: number) =>
  category === 'S' ? standardRate : 0;

/**
 * What may share one document (EN 16931 BR-Z-01, BR-E-01, BR-O-11): one reason per zero-rated or
 * exempt category, and an out-of-scope supply on its own. Null when the lines may; else why, in Arabic.
 */
export function documentTaxProblem(lines: readonly LineTax[]): string | null {
  const categories = new Set(lines.map((l) => l.vatCategory));
  if (categories.has('O') && categories.size > 1)
    return 'التوريد خارج نطاق الضريبة لا يجتمع مع غيره في فاتورة واحدة: اجعله في طلب مستقل';
  for (const category of ['Z', 'E', 'O'] as const) {
    const reasons = new Set(
      lines
        .filter((l) => l.vatCategory === category)
        .map((l) => `${l.vatExemptionCode}|${exemptionTextOf(l)}`),
    );
    if (reasons.size > 1)
      return `بنود «${vatCategoryLabels[category]}» في الفاتورة الواحدة لها سبب واحد: وحّد السبب أو افصلها في طلب آخر`;
  }
  return null;
}

/** One VAT breakdown of a document (BG-23): the lines of one category, after their share of the discount. */
export interface TaxGroup extends LineTax {
  rate: number;
  /** Σ the category's line nets. */
  subtotal: number;
  /** The category's share of the document discount. */
  discount: number;
  /** subtotal − discount. */
  taxable: number;
  /** round(taxable × rate / 100): rounded once per category (BR-S-09, BR-CO-14). */
  vat: number;
  /** Indexes of the document's lines in this group. */
  lines: number[];
}

/**
 * The document's VAT breakdown: lines grouped by category; a document discount shared over the
 * groups in proportion to their subtotals (largest remainder, so the shares add up exactly); each
 * group's VAT rounded once. A document of S lines alone gives one group and the VAT of before.
 */
export function taxBreakdown(
  lines: readonly (LineTax & { net: number })[],
  discount: number,
  standardRate: number,
): TaxGroup[] {
  const groups: TaxGroup[] = [];
  lines.forEach((line, i) => {
    let g = groups.find((x) => x.vatCategory === line.vatCategory);
    if (!g) {
      g = {
        vatCategory: line.vatCategory,
        vatExemptionCode: line.vatExemptionCode,
        vatExemptionReason: line.vatExemptionReason,
        rate: vatRateOf(line.vatCategory, standardRate),
        subtotal: 0,
        discount: 0,
        taxable: 0,
        vat: 0,
        lines: [],
      };
      groups.push(g);
    }
    g.subtotal += line.net;
    g.lines.push(i);
  });
  if (groups.length === 0) return [];
  const shares = lineVatShares(
    groups.map((g) => g.subtotal),
    discount,
  );
  for (const [i, g] of groups.entries()) {
    g.discount = shares[i];
    g.taxable = g.subtotal - g.discount;
    g.vat = vatOf(g.taxable, g.rate);
  }
  return groups;
}
