import { fromHalalas, riyadhDayOf, toHalalas } from '@idara/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { einvoices } from '../../db/schema';
import { useTestApp } from '../../test/fixture';

/**
 * A note is a final correction (packages/domain receivables.ts): nothing automatic invoices again
 * what a credit note took off, and every amount is issued exactly as asked or refused in Arabic.
 */

let reviewer: string;
let customer: string;
let service: string;
let cash: string;

const t = useTestApp();
const { get, post } = t;

async function newOrder(unitPrice: string) {
  const res = await post('/api/order', { customer, items: [{ service, quantity: 1, unitPrice }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; number: number; total: string };
}

async function invoiceOf(orderId: string) {
  const res = await post(`/api/order/${orderId}/invoice`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; number: string; total: string };
}

const invoicesOf = (orderId: string) =>
  t.db
    .select({ number: einvoices.number, total: einvoices.total })
    .from(einvoices)
    .where(and(eq(einvoices.order, orderId), eq(einvoices.kind, 'invoice')));

async function paid(orderId: string, amount: string) {
  const payment = await post('/api/payment', { order: orderId, amount, paymentMethod: cash });
  expect(payment.statusCode, payment.body).toBe(201);
  const id = payment.json()._id;
  expect((await post(`/api/payment/${id}/status`, { status: 'approved' }, reviewer)).statusCode).toBe(200);
  expect((await post(`/api/payment/${id}/status`, { status: 'paid' }, reviewer)).statusCode).toBe(200);
}

beforeAll(async () => {
  reviewer = (await t.userWith('admin')).token;
  customer = (await post('/api/customer', { name: 'نورة الشهري', phoneNumber: '0552231101' })).json()._id;
  service = (await post('/api/service', { name: 'صيانة مكيفات', price: '600.00' })).json()._id;
  cash = (await get('/api/paymentMethod?limit=0')).json().data[0]._id;
});

describe('notes are final', () => {
  it('690.00 with credits of 115.00 and 52.33 and a debit of 104.65: a payment and completion issue no new invoice', async () => {
    const order = await newOrder('600.00');
    expect(order.total).toBe('690.00');
    const invoice = await invoiceOf(order._id);
    for (const [kind, amount] of [
      ['credit-note', '115.00'],
      ['credit-note', '52.33'],
      ['debit-note', '104.65'],
    ]) {
      const note = await post(`/api/invoice/${invoice._id}/${kind}`, { reason: 'تصحيح السعر', amount });
      expect(note.statusCode, note.body).toBe(201);
      expect(note.json().total).toBe(amount);
    }
    let shown = (await get(`/api/order/${order._id}`)).json();
    expect(shown).toMatchObject({
      invoiced: '627.32',
      adjusted: '-62.68',
      uninvoiced: '0.00',
      balance: '627.32',
    });

    await paid(order._id, '300.00');
    shown = (await get(`/api/order/${order._id}`)).json();
    expect(shown).toMatchObject({
      paid: '300.00',
      outstanding: '327.32',
      uninvoiced: '0.00',
      balance: '327.32',
    });
    expect(await invoicesOf(order._id)).toHaveLength(1);

    expect((await post(`/api/order/${order._id}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await post(`/api/order/${order._id}/status`, { status: 'completed' })).statusCode).toBe(200);
    expect(await invoicesOf(order._id)).toHaveLength(1);
    expect((await post(`/api/order/${order._id}/invoice`)).statusCode).not.toBe(201);

    // What may still be asked for is the value after the notes less what was recorded.
    const over = await post('/api/payment', { order: order._id, amount: '400.00', paymentMethod: cash });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'overpay', balance: '327.32' });
    const rest = await post('/api/payment', { order: order._id, amount: '327.32', paymentMethod: cash });
    expect(rest.statusCode, rest.body).toBe(201);
  });

  it('a credit note for the whole invoice leaves the order worth nothing, and completing it invoices nothing', async () => {
    const order = await newOrder('100.00');
    const invoice = await invoiceOf(order._id);
    const note = await post(`/api/invoice/${invoice._id}/credit-note`, {
      reason: 'خصم كامل',
      amount: '115.00',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect((await post(`/api/order/${order._id}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await post(`/api/order/${order._id}/status`, { status: 'completed' })).statusCode).toBe(200);
    const shown = (await get(`/api/order/${order._id}`)).json();
    expect(shown).toMatchObject({
      invoiced: '0.00',
      adjusted: '-115.00',
      uninvoiced: '0.00',
      balance: '0.00',
    });
    expect(await invoicesOf(order._id)).toHaveLength(1);
  });
});

describe('amounts are never silently changed', () => {
  it('a note is issued for exactly the amount asked, or refused in Arabic naming the amounts that can be', async () => {
    const order = await newOrder('600.00');
    const invoice = await invoiceOf(order._id);
    const before = await t.db.select({ n: einvoices._id }).from(einvoices);
    for (const [amount, options] of [
      ['0.04', ['0.03', '0.05']],
      ['10.00', ['9.99', '10.01']],
    ] as const) {
      const res = await post(`/api/invoice/${invoice._id}/credit-note`, { reason: 'تصحيح', amount });
      expect(res.statusCode, res.body).toBe(422);
      const message: string = res.json().fieldErrors.amount;
      expect(message).toContain(amount);
      for (const option of options) expect(message).toContain(option);
    }
    expect(await t.db.select({ n: einvoices._id }).from(einvoices)).toHaveLength(before.length);
    for (const amount of ['0.03', '10.01', '57.50']) {
      const res = await post(`/api/invoice/${invoice._id}/credit-note`, { reason: 'تصحيح', amount });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().total).toBe(amount);
    }
  });

  it('a price, a payment or a note with a part of a halala is refused, not rounded', async () => {
    const priced = await post('/api/order', {
      customer,
      items: [{ service, quantity: 1, unitPrice: '10.005' }],
    });
    expect(priced.statusCode).toBe(422);
    expect(JSON.stringify(priced.json().fieldErrors)).toContain('منزلتين');
    const service2 = await post('/api/service', { name: 'تنظيف خزانات', price: '10.005' });
    expect(service2.statusCode).toBe(422);
    const order = await newOrder('100.00');
    const payment = await post('/api/payment', { order: order._id, amount: '50.001', paymentMethod: cash });
    expect(payment.statusCode).toBe(422);
    expect(payment.json().fieldErrors.amount).toContain('منزلتين');
    // Trailing zeros are still the same amount.
    const exact = await post('/api/payment', { order: order._id, amount: '50.100', paymentMethod: cash });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().amount).toBe('50.10');
  });
});

describe('a cancelled order', () => {
  it('takes no debit note on its invoice (409), and its credit is what cancelling issued', async () => {
    const order = await newOrder('200.00');
    const invoice = await invoiceOf(order._id);
    const cancelled = await post(`/api/order/${order._id}/status`, {
      status: 'cancelled',
      reason: 'ألغى العميل الطلب',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const debit = await post(`/api/invoice/${invoice._id}/debit-note`, { reason: 'إضافة', amount: '11.50' });
    expect(debit.statusCode).toBe(409);
    expect(debit.json().message).toContain('ملغي');
    const shown = (await get(`/api/order/${order._id}`)).json();
    expect(shown).toMatchObject({
      invoiced: '0.00',
      adjusted: '-230.00',
      uninvoiced: '0.00',
      status: 'cancelled',
    });
  });
});

describe('what a document says of payment, supply and time', () => {
  const methodOf = async (kind: string) =>
    (await get('/api/paymentMethod?limit=0')).json().data.find((m: { kind: string }) => m.kind === kind)._id;
  const xmlOf = async (id: string) => (await get(`/api/invoice/${id}/xml`)).body;
  const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];

  it('the payment means come from the method that paid (card 48, bank transfer 42), on credit 30; a note keeps its invoice’s', async () => {
    const card = await methodOf('card');
    const bank = await methodOf('bank_transfer');
    for (const [method, code] of [
      [card, '48'],
      [bank, '42'],
    ]) {
      const order = await newOrder('100.00');
      const payment = await post('/api/payment', {
        order: order._id,
        amount: '115.00',
        paymentMethod: method,
      });
      const id = payment.json()._id;
      await post(`/api/payment/${id}/status`, { status: 'approved' }, reviewer);
      const paidRes = await post(`/api/payment/${id}/status`, { status: 'paid' }, reviewer);
      expect(paidRes.statusCode, paidRes.body).toBe(200);
      const [doc] = await t.db.select().from(einvoices).where(eq(einvoices.order, order._id));
      expect(doc.snapshot.paymentMeansCode).toBe(code);
      expect(tag(await xmlOf(doc._id), 'cbc:PaymentMeansCode')).toBe(code);
      const note = await post(`/api/invoice/${doc._id}/credit-note`, { reason: 'خصم', amount: '11.50' });
      expect(note.json().snapshot.paymentMeansCode).toBe(code);
    }
    const unpaid = await invoiceOf((await newOrder('100.00'))._id);
    expect(tag(await xmlOf(unpaid._id), 'cbc:PaymentMeansCode')).toBe('30');
  });

  it('the supply date is the visit or the completion, not the issue day; the signing time is Riyadh’s like the issue time', async () => {
    const visit = new Date(Date.now() - 3 * 86_400_000);
    const res = await post('/api/order', {
      customer,
      items: [{ service, quantity: 1, unitPrice: '100.00' }],
      scheduledAt: visit.toISOString(),
    });
    const visited = await invoiceOf(res.json()._id);
    const xml = await xmlOf(visited._id);
    expect(tag(xml, 'cbc:ActualDeliveryDate')).toBe(riyadhDayOf(visit));
    expect(tag(xml, 'cbc:ActualDeliveryDate')).not.toBe(tag(xml, 'cbc:IssueDate'));
    expect(tag(xml, 'xades:SigningTime')).toBe(`${tag(xml, 'cbc:IssueDate')}T${tag(xml, 'cbc:IssueTime')}`);

    const done = await newOrder('100.00');
    await post(`/api/order/${done._id}/status`, { status: 'in_progress' });
    await post(`/api/order/${done._id}/status`, { status: 'completed' });
    const [completedDoc] = await t.db.select().from(einvoices).where(eq(einvoices.order, done._id));
    expect(completedDoc.snapshot.supplyDate).toBe(riyadhDayOf(new Date()));
  });
});

describe('line VAT', () => {
  it('the lines’ VAT in the XML and on paper adds up to the document’s VAT, with a discount too', async () => {
    const res = await post('/api/order', {
      customer,
      items: [
        { service, quantity: 2, unitPrice: '150.00' },
        { service, quantity: 1, unitPrice: '333.33' },
        { service, quantity: 3, unitPrice: '19.99' },
      ],
      discount: '10.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = await invoiceOf(res.json()._id);
    const xml = (await get(`/api/invoice/${doc._id}/xml`)).body;
    const lineVats = [
      ...xml.matchAll(/<cac:InvoiceLine>[\s\S]*?<cbc:TaxAmount currencyID="SAR">([\d.]+)</g),
    ].map((m) => toHalalas(m[1]));
    expect(lineVats).toHaveLength(3);
    const details = (await get(`/api/invoice/${doc._id}`)).json();
    expect(lineVats.reduce((a, b) => a + b, 0)).toBe(toHalalas(details.snapshot.vatAmount));
    const page = (await get(`/api/invoice/${doc._id}/html`)).body;
    for (const header of ['نسبة الضريبة', 'مبلغ الضريبة', 'المبلغ شامل الضريبة'])
      expect(page).toContain(header);
    for (const vat of lineVats) expect(page).toContain(fromHalalas(vat));
  });
});

describe('the aging of a credit beyond its invoice', () => {
  it('offsets the debit note it corrects, and leaves the customer’s older invoice open', async () => {
    const buyer = (await post('/api/customer', { name: 'هند المطيري', phoneNumber: '0552231102' })).json()
      ._id;
    const orderFor = async () =>
      (
        await post('/api/order', { customer: buyer, items: [{ service, quantity: 1, unitPrice: '100.00' }] })
      ).json();
    const older = await invoiceOf((await orderFor())._id);
    const later = await invoiceOf((await orderFor())._id);
    const debit = await post(`/api/invoice/${later._id}/debit-note`, {
      reason: 'أجرة إضافية',
      amount: '57.50',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    const credit = await post(`/api/invoice/${later._id}/credit-note`, {
      reason: 'إلغاء الأعمال',
      amount: '172.50',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const aging = (await get(`/api/report/aging/customer/${buyer}`)).json();
    // The drill-down lists the documents still open.
    const openOf = (number: string) =>
      aging.documents.find((d: { number: string }) => d.number === number)?.open ?? '0.00';
    expect(openOf(older.number)).toBe('115.00');
    expect(openOf(later.number)).toBe('0.00');
    expect(openOf(debit.json().number)).toBe('0.00');
    expect(aging.figures.total).toBe('115.00');
  });
});
