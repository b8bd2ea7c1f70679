import { riyadhDayOf, toHalalas } from '@idara/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { einvoices, orders } from '../db/schema';
import { useTestApp } from '../test/fixture';

/**
 * Money has ceilings a real business never meets (a line 10 million riyals, an order, note or
 * payment 100 million), refused in Arabic; and with data at those ceilings every aggregate and export
 * still answers, exactly. The reported attack: debit notes of 78 lines × 1,000 × 1,000,000,000.00
 * and orders of a line of 100,000 × 1,000,000,000.00 broke every report for every user.
 */

let customer: string;
let service: string;
const t = useTestApp();
const { get, post } = t;

beforeAll(async () => {
  customer = (await post('/api/customer', { name: 'مؤسسة الحد الأعلى', phoneNumber: '0552239911' })).json()
    ._id;
  service = (await post('/api/service', { name: 'مشروع كبير', price: '1.00' })).json()._id;
});

const count = async (table: typeof orders | typeof einvoices) => (await t.db.select().from(table)).length;

describe('ceilings', () => {
  it('refuses lines, orders, notes and payments beyond them in Arabic, writing nothing', async () => {
    const ordersBefore = await count(orders);
    for (const [items, field] of [
      [[{ service, quantity: 10_000, unitPrice: '1000000000.00' }], 'items.0.unitPrice'],
      [[{ service, quantity: 10_000, unitPrice: '1000.01' }], 'items.0.unitPrice'],
      [Array.from({ length: 11 }, () => ({ service, quantity: 1, unitPrice: '10000000.00' })), 'items'],
    ] as const) {
      const res = await post('/api/order', { customer, items });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().fieldErrors[field]).toMatch(/أكبر من الحد المسموح/);
    }
    expect(await count(orders)).toBe(ordersBefore);

    const order = (
      await post('/api/order', { customer, items: [{ service, quantity: 1, unitPrice: '500.00' }] })
    ).json();
    const invoice = (await post(`/api/order/${order._id}/invoice`, {})).json();
    const documentsBefore = await count(einvoices);
    const huge = await post(`/api/invoice/${invoice._id}/debit-note`, {
      reason: 'إضافة',
      lines: Array.from({ length: 78 }, () => ({ name: 'بند', quantity: 1000, unitPrice: '1000000000.00' })),
    });
    expect(huge.statusCode, huge.body).toBe(422);
    // Debit notes together add at most the invoice's own total (575.00).
    expect(
      (await post(`/api/invoice/${invoice._id}/debit-note`, { reason: 'إضافة', amount: '575.01' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await post(`/api/invoice/${invoice._id}/debit-note`, { reason: 'إضافة', amount: '345.00' }))
        .statusCode,
    ).toBe(201);
    const more = await post(`/api/invoice/${invoice._id}/debit-note`, { reason: 'إضافة', amount: '230.05' });
    expect(more.statusCode).toBe(422);
    expect(more.json().fieldErrors.amount).toMatch(/345\.00/);
    expect(await count(einvoices)).toBe(documentsBefore + 1);

    const cash = (await get('/api/paymentMethod?limit=0')).json().data[0]._id;
    const payment = await post('/api/payment', {
      order: order._id,
      amount: '100000000.01',
      paymentMethod: cash,
      allowOverpay: true,
    });
    expect(payment.statusCode, payment.body).toBe(422);
    expect(payment.json().fieldErrors.amount).toMatch(/أكبر من الحد المسموح/);
  });

  it('at the ceilings every aggregate, report and export answers, to the halala', async () => {
    const big = [];
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/order', {
        customer,
        items: Array.from({ length: 10 }, () => ({ service, quantity: 1, unitPrice: '10000000.00' })),
      });
      expect(res.statusCode, res.body).toBe(201);
      big.push(res.json());
      const invoice = (await post(`/api/order/${res.json()._id}/invoice`, {})).json();
      expect(invoice.total).toBe('115000000.00');
      expect(
        (await post(`/api/invoice/${invoice._id}/debit-note`, { reason: 'إضافة', amount: '115000000.00' }))
          .statusCode,
      ).toBe(201);
    }
    const today = riyadhDayOf(new Date());
    for (const url of [
      '/api/dashboard',
      '/api/order/totals',
      '/api/order?limit=50',
      '/api/invoice?limit=50',
      '/api/report/aging',
      `/api/report/aging/customer/${customer}`,
      '/api/report/aging/summary',
      `/api/report/vat?from=${today}&to=${today}`,
      `/api/report/vat/documents?from=${today}&to=${today}&figure=adjustments`,
      `/api/customer/${customer}/statement?from=${today}&to=${today}`,
      '/api/order/export?fileType=csv',
      '/api/invoice/export?fileType=csv',
      '/api/report/aging/export?fileType=csv',
      `/api/report/vat/export?fileType=csv&from=${today}&to=${today}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const totals = (await get(`/api/order/totals?customer=${customer}`)).json();
    // 3 × (115,000,000.00 + a debit note of as much) + the small order's 575.00 + 345.00.
    expect(toHalalas(totals.invoiced)).toBe(3 * 2 * 115_000_000_00 + 575_00 + 345_00);
    const vat = (await get(`/api/report/vat?from=${today}&to=${today}`)).json();
    expect(vat.totalVat).toBe('90000120.00');
    const csv = (await get('/api/invoice/export?fileType=csv')).body.trim().split('\n');
    expect(csv.length).toBeGreaterThanOrEqual(9);
  });
});
