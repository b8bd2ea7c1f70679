import { randomUUID } from 'node:crypto';
import {
  type EinvoiceKind,
  type EinvoiceScope,
  type EinvoiceSnapshot,
  fromHalalas,
  orderTotals,
  toHalalas,
} from '@idara/domain';

const address = {
  buildingNumber: '2322',
  street: 'الأمير سلطان',
  district: 'المربع',
  city: 'الرياض',
  postalCode: '23333',
  additionalNumber: '1234',
};

/** A document of each kind and scope with realistic Saudi data: two lines, a discount, 15 % VAT. */
export function sampleSnapshot(kind: EinvoiceKind, scope: EinvoiceScope, n: number): EinvoiceSnapshot {
  const items = [
    { name: 'صيانة مكيف سبليت', quantity: 2, unitPrice: toHalalas('150.00') },
    { name: 'تنظيف خزان مياه', quantity: 1, unitPrice: toHalalas('333.33') },
  ];
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
    lines: items.map((i, k) => ({
      name: i.name,
      quantity: i.quantity,
      unitPrice: fromHalalas(i.unitPrice),
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
