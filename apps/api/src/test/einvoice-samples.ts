import { randomUUID } from 'node:crypto';
import {
  type EinvoiceKind,
  type EinvoiceScope,
  type EinvoiceSnapshot,
  fromHalalas,
  type LineTax,
  orderTotals,
  toHalalas,
  type Unit,
} from '@idara/domain';

const address = {
  buildingNumber: '2322',
  street: 'الأمير سلطان',
  district: 'المربع',
  city: 'الرياض',
  postalCode: '23333',
  additionalNumber: '1234',
};

type SampleLine = { name: string; quantity: number; unitPrice: number; unit?: Unit } & Partial<LineTax>;

const exportOfServices = { vatCategory: 'Z', vatExemptionCode: 'VATEX-SA-33' } as const;
/** The lines of a sample document, by the VAT categories it mixes. */
export const sampleLines = {
  standard: [
    { name: 'صيانة مكيف سبليت', quantity: 2, unitPrice: toHalalas('150.00') },
    { name: 'تنظيف خزان مياه', quantity: 1, unitPrice: toHalalas('333.33') },
  ],
  mixed: [
    { name: 'صيانة مكيف سبليت', quantity: 2, unitPrice: toHalalas('150.00') },
    {
      name: 'استشارة فنية عن بعد لعميل خارج المملكة',
      quantity: 1.5,
      unit: 'hour',
      unitPrice: toHalalas('200.00'),
      ...exportOfServices,
    },
    {
      name: 'رسوم تمويل التقسيط',
      quantity: 1,
      unitPrice: toHalalas('45.50'),
      vatCategory: 'E',
      vatExemptionCode: 'VATEX-SA-29',
    },
  ],
  zeroRated: [
    {
      name: 'قطع غيار مصدّرة',
      quantity: 3,
      unitPrice: toHalalas('120.00'),
      vatCategory: 'Z',
      vatExemptionCode: 'VATEX-SA-32',
    },
  ],
  exempt: [
    {
      name: 'إيجار مستودع سكني',
      quantity: 1,
      unitPrice: toHalalas('1500.00'),
      vatCategory: 'E',
      vatExemptionCode: 'VATEX-SA-30',
    },
  ],
  outOfScope: [
    {
      name: 'تعويض عن تلف معدات العميل',
      quantity: 1,
      unitPrice: toHalalas('250.00'),
      vatCategory: 'O',
      vatExemptionCode: 'VATEX-SA-OOS',
      vatExemptionReason: 'تعويض عن ضرر لا يقابله توريد',
    },
  ],
} satisfies Record<string, SampleLine[]>;
export type SampleMix = keyof typeof sampleLines;

/** A document of each kind and scope with realistic Saudi data: its lines, a discount, 15 % VAT on S. */
export function sampleSnapshot(
  kind: EinvoiceKind,
  scope: EinvoiceScope,
  n: number,
  mix: SampleMix = 'standard',
): EinvoiceSnapshot {
  const items: SampleLine[] = sampleLines[mix];
  const t = orderTotals(items, toHalalas('10.00'), 15);
  return {
    kind,
    scope,
    number: `${kind === 'invoice' ? 'INV' : kind === 'credit' ? 'CRN' : 'DBN'}-${String(n).padStart(6, '0')}`,
    uuid: randomUUID(),
    issuedAt: new Date().toISOString(),
    seller: { name: 'شركة إدارة للخدمات', vatNumber: '399999999900003', crNumber: '1010010000', address },
    buyer:
      scope === 'standard'
        ? {
            name: 'مؤسسة النخبة التجارية',
            vatNumber: '399999999800003',
            crNumber: '',
            address: {
              ...address,
              buildingNumber: '1111',
              street: 'صلاح الدين',
              district: 'المروج',
              postalCode: '12222',
            },
          }
        : { name: 'محمد العتيبي', vatNumber: '', crNumber: '', address: null },
    lines: items.map(({ unitPrice, ...i }, k) => ({
      ...i,
      unitPrice: fromHalalas(unitPrice),
      lineTotal: fromHalalas(t.lines[k]),
    })),
    subtotal: fromHalalas(t.subtotal),
    discount: fromHalalas(t.discount),
    net: fromHalalas(t.net),
    vatRate: 15,
    vatAmount: fromHalalas(t.taxAmount),
    total: fromHalalas(t.total),
    billingReference:
      kind === 'invoice'
        ? null
        : { number: 'INV-000001', uuid: randomUUID(), issuedAt: new Date().toISOString() },
    reason:
      kind === 'invoice'
        ? ''
        : kind === 'credit'
          ? 'إلغاء جزء من الخدمة بطلب العميل'
          : 'خدمة إضافية بعد الفاتورة',
    order: { _id: randomUUID(), number: 1 },
    phase: 2,
  };
}
