import { riyadhDayOf } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { einvoices, services } from '../../db/schema';
import { useTestApp } from '../../test/fixture';

/**
 * VAT categories (S, Z, E, O with ZATCA's reasons) and units with decimal quantities, from the service
 * to the order, the tax invoice's XML, its notes, payments and the VAT return.
 */

let customer: string;
let hourly: string; // S, by the hour
let exportService: string; // Z, VATEX-SA-33, by the hour
let financing: string; // E, VATEX-SA-29
let compensation: string; // O
let piece: string; // S, by the piece

const t = useTestApp();
const { get, post } = t;

async function service(body: Record<string, unknown>) {
  const res = await post('/api/service', { price: '100.00', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

const order = (items: unknown[], discount = '0.00') => post('/api/order', { customer, items, discount });

beforeAll(async () => {
  customer = (await post('/api/customer', { name: 'شركة الأفق', phoneNumber: '0552231199' })).json()._id;
  hourly = await service({ name: 'أعمال كهرباء بالساعة', unit: 'hour' });
  exportService = await service({
    name: 'استشارة لعميل خارج المملكة',
    unit: 'hour',
    vatCategory: 'Z',
    vatExemptionCode: 'VATEX-SA-33',
  });
  financing = await service({ name: 'رسوم تقسيط', vatCategory: 'E', vatExemptionCode: 'VATEX-SA-29' });
  compensation = await service({
    name: 'تعويض تلف',
    vatCategory: 'O',
    vatExemptionCode: 'VATEX-SA-OOS',
    vatExemptionReason: 'تعويض عن ضرر لا يقابله توريد',
  });
  piece = await service({ name: 'فلتر مكيف' });
});

describe('services carry a VAT category, a reason ZATCA accepts and a unit', () => {
  it('refuses in Arabic a category without its reason, a reason of another category, and writes nothing', async () => {
    const before = (await t.db.select().from(services)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ vatCategory: 'Z' }, 'vatExemptionCode'],
      [{ vatCategory: 'E', vatExemptionCode: 'VATEX-SA-33' }, 'vatExemptionCode'],
      [{ vatCategory: 'O', vatExemptionCode: 'VATEX-SA-OOS' }, 'vatExemptionReason'],
      [{ vatCategory: 'X' }, 'vatCategory'],
      [{ unit: 'parsec' }, 'unit'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/service', {
        name: `خدمة ${field} ${JSON.stringify(body)}`,
        price: '1.00',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fieldErrors[field]).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await t.db.select().from(services)).length).toBe(before);
  });

  it('exports each service with its unit, category and reason', async () => {
    const csv = (await get('/api/service/export?fileType=csv')).body;
    const line = csv.split('\n').find((l) => l.includes('استشارة لعميل خارج المملكة'));
    expect(line).toContain('ساعة');
    expect(line).toContain('خاضع للنسبة الصفرية');
    expect(line).toContain('VATEX-SA-33');
  });
});

describe('an order of several categories', () => {
  it('prices 1.5 hours exactly, shares the discount over the categories and rounds VAT once per category', async () => {
    const res = await order(
      [
        { service: hourly, quantity: '1.5', unitPrice: '200.00' },
        { service: exportService, quantity: 2.5, unitPrice: '200.00' },
        { service: financing, quantity: 1, unitPrice: '100.00' },
      ],
      '9.00',
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    // S 300, Z 500, E 100: the 9.00 discount is 3.00, 5.00 and 1.00; VAT 15 % of 297.00 only.
    expect(o).toMatchObject({ subtotal: '900.00', discount: '9.00', taxAmount: '44.55', total: '935.55' });
    expect(
      o.items.map((i: Record<string, unknown>) => [i.quantity, i.unit, i.vatCategory, i.lineTotal]),
    ).toEqual([
      [1.5, 'hour', 'S', '300.00'],
      [2.5, 'hour', 'Z', '500.00'],
      [1, 'piece', 'E', '100.00'],
    ]);

    const invoice = await post(`/api/order/${o._id}/invoice`);
    expect(invoice.statusCode, invoice.body).toBe(201);
    const [row] = await t.db.select().from(einvoices).where(eq(einvoices._id, invoice.json()._id));
    expect([row.total, row.vatAmount, row.zeroRated, row.exempt, row.outOfScope]).toEqual([
      '935.55',
      '44.55',
      '495.00',
      '99.00',
      '0.00',
    ]);
    // One allowance and one VAT breakdown per category, each non-S one with its code and ZATCA's text.
    expect(row.xml?.match(/<cac:TaxSubtotal>/g)).toHaveLength(3);
    expect(row.xml).toContain(
      '<cbc:TaxExemptionReasonCode>VATEX-SA-33</cbc:TaxExemptionReasonCode><cbc:TaxExemptionReason>Export of services</cbc:TaxExemptionReason>',
    );
    expect(row.xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-SA-29</cbc:TaxExemptionReasonCode>');
    expect(row.xml?.match(/<cbc:AllowanceChargeReason>discount/g)).toHaveLength(3);
    expect(row.xml).toContain('<cbc:InvoicedQuantity unitCode="HUR">1.500000</cbc:InvoicedQuantity>');
    // The printed document names each line's category and the reasons.
    const html = await get(`/api/invoice/${row._id}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('تصدير الخدمات');
    expect(html.body).toContain('1.5 <span class="muted">ساعة</span>');

    // A payment of the whole order contains exactly the order's VAT.
    const cash = (await get('/api/paymentMethod?limit=0')).json().data[0]._id;
    const payment = await post('/api/payment', { order: o._id, amount: '935.55', paymentMethod: cash });
    expect(payment.statusCode, payment.body).toBe(201);
    expect(payment.json().taxAmount).toBe('44.55');

    // Notes on a mixed invoice say which category they correct, and never take more of it than is left.
    const note = (body: Record<string, unknown>) =>
      post(`/api/invoice/${row._id}/credit-note`, { reason: 'تعديل بطلب العميل', ...body });
    const unnamed = await note({ amount: '100.00' });
    expect(unnamed.statusCode, unnamed.body).toBe(422);
    expect(unnamed.json().fieldErrors.vatCategory).toMatch(/اختر فئة/);
    expect((await note({ amount: '10.00', vatCategory: 'O' })).statusCode).toBe(422);
    expect((await note({ amount: '495.01', vatCategory: 'Z' })).statusCode).toBe(422);
    const zero = await note({ amount: '100.00', vatCategory: 'Z' });
    expect(zero.statusCode, zero.body).toBe(201);
    const [credit] = await t.db.select().from(einvoices).where(eq(einvoices._id, zero.json()._id));
    expect([credit.total, credit.vatAmount, credit.zeroRated]).toEqual(['100.00', '0.00', '100.00']);
    expect(credit.xml).toContain('VATEX-SA-33');

    // The VAT return of today: each figure from the documents' parts, and each drills down to them.
    const today = riyadhDayOf(new Date());
    const vat = (await get(`/api/report/vat?from=${today}&to=${today}`)).json();
    expect(vat).toMatchObject({
      standardRated: { net: '297.00', vat: '44.55' },
      zeroRated: { net: '395.00' },
      exempt: { net: '99.00' },
      outOfScope: { net: '0.00' },
      adjustments: { net: '0.00', vat: '0.00' },
      totalVat: '44.55',
    });
    const zeroDocs = (
      await get(`/api/report/vat/documents?from=${today}&to=${today}&figure=zeroRated`)
    ).json();
    expect(zeroDocs.data.map((d: { net: string }) => d.net)).toEqual(['495.00', '-100.00']);
    expect(zeroDocs.sums.net).toBe('395.00');
  });

  it('cancelling a partly credited mixed order credits what is left of each category', async () => {
    const o = (
      await order([
        { service: piece, quantity: 1, unitPrice: '115.00' },
        { service: exportService, quantity: 1, unitPrice: '80.00' },
      ])
    ).json();
    const invoice = (await post(`/api/order/${o._id}/invoice`)).json();
    expect(
      (
        await post(`/api/invoice/${invoice._id}/credit-note`, {
          reason: 'خصم',
          amount: '30.00',
          vatCategory: 'Z',
        })
      ).statusCode,
    ).toBe(201);
    const cancel = await post(`/api/order/${o._id}/status`, {
      status: 'cancelled',
      reason: 'ألغى العميل الطلب',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const notes = await t.db.select().from(einvoices).where(eq(einvoices.corrects, invoice._id));
    const last = notes.find((n) => n.reason === 'ألغى العميل الطلب')!;
    // 115.00 + 15 % = 132.25 standard, 50.00 zero-rated left.
    expect([last.total, last.vatAmount, last.zeroRated]).toEqual(['182.25', '17.25', '50.00']);
    expect((await get(`/api/order/${o._id}`)).json().invoiced).toBe('0.00');
  });

  it('lets a line take another category than its service’s, checked the same way', async () => {
    const res = await order([
      { service: piece, quantity: 2, unitPrice: '50.00', vatCategory: 'Z', vatExemptionCode: 'VATEX-SA-32' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ taxAmount: '0.00', total: '100.00' });
    expect(res.json().items[0]).toMatchObject({ vatCategory: 'Z', vatExemptionCode: 'VATEX-SA-32' });
    const bad = await order([{ service: piece, quantity: 1, unitPrice: '50.00', vatCategory: 'Z' }]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fieldErrors['items.0.vatExemptionCode']).toMatch(/فلتر مكيف/);
  });

  it('refuses in Arabic what ZATCA or the halala would not allow, and writes no order', async () => {
    const count = async () => (await get('/api/order?limit=1')).json().total as number;
    const before = await count();
    const cases: [unknown[], string, RegExp][] = [
      [[{ service: piece, quantity: 1.5, unitPrice: '10.00' }], 'items.0.quantity', /عدد صحيح/],
      [[{ service: hourly, quantity: 1.255, unitPrice: '10.01' }], 'items.0.quantity', /الهللات/],
      [[{ service: hourly, quantity: 1.2345, unitPrice: '10.00' }], 'items.0.quantity', /ثلاث منازل/],
      [
        [
          { service: hourly, quantity: 1, unitPrice: '10.00' },
          { service: compensation, quantity: 1, unitPrice: '10.00' },
        ],
        'items',
        /لا يجتمع/,
      ],
      [
        [
          { service: exportService, quantity: 1, unitPrice: '10.00' },
          {
            service: piece,
            quantity: 1,
            unitPrice: '10.00',
            vatCategory: 'Z',
            vatExemptionCode: 'VATEX-SA-35',
          },
        ],
        'items',
        /سبب واحد/,
      ],
    ];
    for (const [items, field, message] of cases) {
      const res = await order(items);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fieldErrors?.[field] ?? res.json().message, res.body).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('an out-of-scope order stands alone and reaches the return’s out-of-scope figure', async () => {
    const o = (await order([{ service: compensation, quantity: 1, unitPrice: '250.00' }])).json();
    expect(o).toMatchObject({ taxAmount: '0.00', total: '250.00' });
    const invoice = await post(`/api/order/${o._id}/invoice`);
    expect(invoice.statusCode, invoice.body).toBe(201);
    const today = riyadhDayOf(new Date());
    const vat = (await get(`/api/report/vat?from=${today}&to=${today}`)).json();
    expect(vat.outOfScope.net).toBe('250.00');
  });
});
