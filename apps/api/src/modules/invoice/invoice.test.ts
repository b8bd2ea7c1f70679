import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_PREVIOUS_HASH, formatDateTime } from '@idara/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoices } from '../../db/schema';
import { nationalAddressIn } from '../../test/buyers';
import { useTestApp } from '../../test/fixture';
import { createTestApp } from '../../test/harness';
import { migrateLegacyInvoices } from './legacy';

let customer: string;
let service: string;
let cash: string;

// Server errors go to the test output, so a 500 names its cause.
const logLines: string[] = [];
const t = useTestApp({ logLines });
const { get, post } = t;

async function newOrder(unitPrice = '100.00', quantity = 1, forCustomer = customer) {
  const res = await post('/api/order', { customer: forCustomer, items: [{ service, quantity, unitPrice }] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; number: number; total: string };
}

async function issue(orderId: string) {
  const res = await post(`/api/order/${orderId}/invoice`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The invoice hash as libxml2 computes it (independent of our canonicalizer). */
function hashByXmllint(xml: string) {
  const file = path.join(
    os.tmpdir(),
    `idara-invoice-${process.pid}-${Math.random().toString(36).slice(2)}.xml`,
  );
  fs.writeFileSync(
    file,
    xml
      .replace(/<ext:UBLExtensions>[\s\S]*<\/ext:UBLExtensions>/, '')
      .replace(/<cac:Signature>[\s\S]*?<\/cac:Signature>/, '')
      .replace(
        /<cac:AdditionalDocumentReference><cbc:ID>QR<\/cbc:ID>[\s\S]*?<\/cac:AdditionalDocumentReference>/,
        '',
      ),
  );
  try {
    return createHash('sha256')
      .update(execFileSync('xmllint', ['--c14n11', file]))
      .digest('base64');
  } finally {
    fs.rmSync(file, { force: true });
  }
}

beforeAll(async () => {
  customer = (await post('/api/customer', { name: 'محمد العتيبي', phoneNumber: '0552220101' })).json()._id;
  service = (await post('/api/service', { name: 'صيانة مكيفات', price: '100.00' })).json()._id;
  cash = (await get('/api/paymentMethod?limit=0')).json().data[0]._id;
});
afterAll(async () => {
  for (const line of logLines) if (/"level":50/.test(line)) console.error(line.slice(0, 2000));
});

describe('issuing', () => {
  it('numbers and chains documents without gaps when many are issued at once', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => newOrder()));
    const issued = await Promise.all(orders.map((o) => post(`/api/order/${o._id}/invoice`)));
    for (const r of issued) expect(r.statusCode, r.body).toBe(201);
    const rows = await t.db
      .select({
        seq: einvoices.seq,
        hash: einvoices.hash,
        previousHash: einvoices.previousHash,
        xml: einvoices.xml,
      })
      .from(einvoices)
      .where(eq(einvoices.phase, 2))
      .orderBy(asc(einvoices.seq));
    rows.forEach((row, i) => {
      if (i === 0) expect(row.previousHash).toBe(FIRST_PREVIOUS_HASH);
      else {
        expect(row.seq).toBe(rows[i - 1].seq + 1);
        expect(row.previousHash).toBe(rows[i - 1].hash);
      }
      expect(row.xml).toContain(`<cbc:UUID>${row.seq}</cbc:UUID>`);
      expect(row.xml).toContain(`>${row.previousHash}</cbc:EmbeddedDocumentBinaryObject>`);
    });
    // Each stored hash is what libxml2 computes from the stored XML.
    for (const row of rows.slice(0, 3)) expect(hashByXmllint(row.xml!)).toBe(row.hash);
    // Issuing again has nothing left to invoice.
    const again = await post(`/api/order/${orders[0]._id}/invoice`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/لا يوجد ما يُفوتر/);
  });

  it('a buyer with a VAT number gets a standard tax invoice, which needs their national address', async () => {
    const company = (
      await post('/api/customer', {
        name: 'شركة النخبة التجارية',
        type: 'company',
        phoneNumber: '0552220102',
        vatNumber: '310122393500003',
        crNumber: '1010101010',
      })
    ).json()._id;
    const order = await newOrder('500.00', 2, company);
    const refused = await post(`/api/order/${order._id}/invoice`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/العنوان الوطني|عنوانه الوطني/);
    expect(await t.db.select().from(einvoices).where(eq(einvoices.order, order._id))).toHaveLength(0);

    const [city] = (await get('/api/city?limit=1')).json().data;
    const current = (await get(`/api/customer/${company}`)).json();
    const put = await t.put(`/api/customer/${company}`, {
      ...Object.fromEntries(
        Object.entries(current).filter(
          ([k]) =>
            !['_id', 'createdAt', 'updatedAt', 'version', 'createdBy'].includes(k) && !k.endsWith('Name'),
        ),
      ),
      ...nationalAddressIn(city),
    });
    expect(put.statusCode, put.body).toBe(200);
    const doc = await issue(order._id);
    expect(doc).toMatchObject({ kind: 'invoice', scope: 'standard' });
    expect(doc.snapshot.buyer).toMatchObject({
      vatNumber: '310122393500003',
      address: { postalCode: '12222' },
    });
    const xml = (await get(`/api/invoice/${doc._id}/xml`)).body;
    expect(xml).toContain('name="0100000"');
    expect(xml).toContain('<cbc:CompanyID>310122393500003</cbc:CompanyID>');
    const html = (await get(`/api/invoice/${doc._id}/html`)).body;
    expect(html).toContain('فاتورة ضريبية</h1>');
    // The date and the time of issue (Riyadh), as the page and the QR carry them.
    expect(html).toContain(`الساعة <span class="n">${formatDateTime(doc.issuedAt).slice(0, 7)}</span>`);
  });
});

describe('credit and debit notes', () => {
  it('correct an issued invoice with a reason, never crediting more than it holds, and move the order', async () => {
    const order = await newOrder('200.00', 1); // 230.00
    const invoice = await issue(order._id);
    expect(invoice.creditable).toBe('230.00');

    const noReason = await post(`/api/invoice/${invoice._id}/credit-note`, { amount: '10.00' });
    expect(noReason.statusCode).toBe(422);
    const tooMuch = await post(`/api/invoice/${invoice._id}/credit-note`, {
      reason: 'خصم بعد الاتفاق',
      amount: '230.01',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toMatch(/أكبر مما يمكن تخفيضه/);

    const credit = await post(`/api/invoice/${invoice._id}/credit-note`, {
      reason: 'خصم بعد الاتفاق',
      amount: '23.00',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({ kind: 'credit', corrects: invoice._id, reason: 'خصم بعد الاتفاق' });
    expect(credit.json().snapshot).toMatchObject({
      net: '20.00',
      vatAmount: '3.00',
      total: '23.00',
      billingReference: { number: invoice.number },
    });
    const creditXml = (await get(`/api/invoice/${credit.json()._id}/xml`)).body;
    expect(creditXml).toContain('>381</cbc:InvoiceTypeCode>');
    expect(creditXml).toContain('<cbc:InstructionNote>خصم بعد الاتفاق</cbc:InstructionNote>');

    const debit = await post(`/api/invoice/${invoice._id}/debit-note`, {
      reason: 'زيارة إضافية',
      lines: [{ name: 'زيارة طارئة', quantity: 1, unitPrice: '50.00' }],
    });
    expect(debit.statusCode, debit.body).toBe(201);
    expect(debit.json().snapshot.total).toBe('57.50');
    expect((await get(`/api/order/${order._id}`)).json().invoiced).toBe('264.50'); // 230 − 23 + 57.50

    const after = (await get(`/api/invoice/${invoice._id}`)).json();
    expect(after.creditable).toBe('264.50');
    expect(after.notes.map((n: { kind: string }) => n.kind)).toEqual(['credit', 'debit']);
    // A note is not corrected by another note.
    expect(
      (await post(`/api/invoice/${credit.json()._id}/credit-note`, { reason: 'خطأ', amount: '1.00' }))
        .statusCode,
    ).toBe(409);

    const list = (await get(`/api/invoice?order=${order._id}`)).json();
    expect(list.total).toBe(3);
    expect(list.totals.total).toBe('264.50');
  });

  it('an issued invoice freezes its order: no edit, and cancelling asks for the credit note’s reason', async () => {
    const order = await newOrder('100.00', 1);
    const invoice = await issue(order._id);
    const edit = await t.put(`/api/order/${order._id}`, {
      customer,
      items: [{ service, quantity: 2, unitPrice: '100.00' }],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toMatch(/إشعار دائن أو مدين/);
    const cancel = await post(`/api/order/${order._id}/status`, { status: 'cancelled' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/إشعار دائن/);
    expect(
      (
        await post(`/api/invoice/${invoice._id}/credit-note`, {
          reason: 'ألغى العميل الطلب',
          amount: '115.00',
        })
      ).statusCode,
    ).toBe(201);
    expect((await post(`/api/order/${order._id}/status`, { status: 'cancelled' })).statusCode).toBe(200);
  });

  it('cancelling an invoiced order with a reason takes the invoice back with a credit note, in one step', async () => {
    const order = await newOrder('33.33', 3); // 99.99 + 15 % = 114.99
    const invoice = await issue(order._id);
    const partial = await post(`/api/invoice/${invoice._id}/credit-note`, { reason: 'خصم', amount: '10.01' });
    expect(partial.statusCode, partial.body).toBe(201);

    // Without the right to issue credit notes, nothing happens.
    const clerk = await t.userWith('employee', ['order:read', 'order:details', 'order:update']);
    const refused = await post(
      `/api/order/${order._id}/status`,
      { status: 'cancelled', reason: 'ألغى العميل' },
      clerk.token,
    );
    expect(refused.statusCode).toBe(403);
    // Without a reason, the answer says why one is needed.
    const noReason = await post(`/api/order/${order._id}/status`, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(409);
    expect(noReason.json()).toMatchObject({ code: 'credit_note_reason', invoiced: '104.98' });
    expect((await get(`/api/order/${order._id}`)).json().status).toBe('new');

    const cancelled = await post(`/api/order/${order._id}/status`, {
      status: 'cancelled',
      reason: 'ألغى العميل الطلب',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      invoiced: '0.00',
      uninvoiced: '0.00',
      outstanding: '0.00',
    });
    const notes = await t.db
      .select()
      .from(einvoices)
      .where(eq(einvoices.corrects, invoice._id))
      .orderBy(asc(einvoices.seq));
    expect(notes.map((n) => [n.kind, n.total, n.reason])).toEqual([
      ['credit', '10.01', 'خصم'],
      ['credit', '104.98', 'ألغى العميل الطلب'],
    ]);

    // An untouched invoice is taken back line by line, exactly.
    const other = await newOrder('33.33', 3);
    const second = await issue(other._id);
    expect(
      (await post(`/api/order/${other._id}/status`, { status: 'cancelled', reason: 'مكرر' })).statusCode,
    ).toBe(200);
    const [full] = await t.db.select().from(einvoices).where(eq(einvoices.corrects, second._id));
    expect(full.total).toBe(second.total);
    expect(full.snapshot.lines).toEqual(second.snapshot.lines);
  });
});

describe('payments and documents', () => {
  it('completing an order issues its invoice; a rejected payment never does', async () => {
    const order = await newOrder('80.00', 1); // 92.00
    const p = (await post('/api/payment', { order: order._id, amount: '92.00', paymentMethod: cash })).json();
    const reviewer = (await t.userWith('admin')).token;
    const rejected = await post(
      `/api/payment/${p._id}/status`,
      { status: 'rejected', reason: 'تحويل غير واضح' },
      reviewer,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await t.db.select().from(einvoices).where(eq(einvoices.order, order._id))).toHaveLength(0);
    await post(`/api/order/${order._id}/status`, { status: 'in_progress' });
    const done = await post(`/api/order/${order._id}/status`, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json().invoiced).toBe('92.00');
    const rows = await t.db.select().from(einvoices).where(eq(einvoices.order, order._id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('not_connected');
  });
});

describe('upgrading from phase 1', () => {
  it('freezes every earlier payment invoice once, as phase-1 documents, and numbers on after them', async () => {
    const fresh = await createTestApp();
    try {
      const token = await fresh.adminToken();
      const p = (url: string, payload: unknown) =>
        fresh.inject({ method: 'POST', url, token, payload: payload as object });
      const c = (await p('/api/customer', { name: 'عميل قديم', phoneNumber: '0552220199' })).json()._id;
      const s = (await p('/api/service', { name: 'خدمة', price: '100.00' })).json()._id;
      const m = (await fresh.inject({ method: 'GET', url: '/api/paymentMethod?limit=0', token })).json()
        .data[0]._id;
      const o = (
        await p('/api/order', { customer: c, items: [{ service: s, quantity: 1, unitPrice: '100.00' }] })
      ).json();
      const payment1 = (await p('/api/payment', { order: o._id, amount: '115.00', paymentMethod: m })).json();
      // A second order whose only payment was rejected: its old invoice is kept but owes nothing.
      const oRejected = (
        await p('/api/order', { customer: c, items: [{ service: s, quantity: 1, unitPrice: '100.00' }] })
      ).json();
      const rejectedPayment = (
        await p('/api/payment', { order: oRejected._id, amount: '115.00', paymentMethod: m })
      ).json();
      const second = (await fresh.userWith('admin')).token;
      await fresh.inject({
        method: 'POST',
        url: `/api/payment/${rejectedPayment._id}/status`,
        token: second,
        payload: { status: 'rejected', reason: 'مكرر' },
      });
      // As if these payments were written before the upgrade: no document counter yet.
      await migrateLegacyInvoices(fresh.db);
      await migrateLegacyInvoices(fresh.db); // a second start changes nothing
      const legacy = await fresh.db.select().from(einvoices).where(eq(einvoices.payment, payment1._id));
      expect(legacy).toHaveLength(1);
      expect(legacy[0]).toMatchObject({
        phase: 1,
        status: 'phase1',
        seq: payment1.number,
        number: String(payment1.number),
        xml: null,
      });
      expect(legacy[0].snapshot).toMatchObject({ total: '115.00', lines: [{ name: 'خدمة' }] });
      const details = (
        await fresh.inject({ method: 'GET', url: `/api/payment/${payment1._id}`, token })
      ).json();
      expect(details.invoice).toMatchObject({ phase: 1, number: String(payment1.number) });
      const xml = await fresh.inject({ method: 'GET', url: `/api/invoice/${legacy[0]._id}/xml`, token });
      expect(xml.statusCode).toBe(404);
      const rejectedOrder = (
        await fresh.inject({ method: 'GET', url: `/api/order/${oRejected._id}`, token })
      ).json();
      expect(rejectedOrder.invoiced).toBe('0.00');
      expect(
        await fresh.db.select().from(einvoices).where(eq(einvoices.payment, rejectedPayment._id)),
      ).toHaveLength(1);
      // The order counts as invoiced; a new order's invoice takes the next number.
      const o2 = (
        await p('/api/order', { customer: c, items: [{ service: s, quantity: 1, unitPrice: '100.00' }] })
      ).json();
      const next = await p(`/api/order/${o2._id}/invoice`, {});
      expect(next.json().number).toBe(`INV-${String(rejectedPayment.number + 1).padStart(6, '0')}`);
    } finally {
      await fresh.close();
    }
  });
});

describe('notifications', () => {
  it('a credit note reaches those who read invoices', async () => {
    const reader = await t.userWith('accountant');
    const order = await newOrder('40.00', 1);
    const invoice = await issue(order._id);
    const note = await post(`/api/invoice/${invoice._id}/credit-note`, {
      reason: 'خصم ولاء',
      amount: '4.60',
    });
    expect(note.statusCode).toBe(201);
    await t.settled();
    const titles: string[] = (await t.get('/api/notification?limit=50', reader.token))
      .json()
      .data.map((n: { title: string }) => n.title);
    expect(titles).toContain(`إشعار دائن رقم ${note.json().number}`);
  });
});
