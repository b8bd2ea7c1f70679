import { decodeZatcaQr } from '@idara/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';

let customer: string;
let service: string;
let cash: string;

let reviewer: string;
// Status moves are made by a second admin: whoever records a payment does not review it (four eyes).
const t = useTestApp();
const asAdmin = t;
const get = asAdmin.get;
const post = (url: string, payload: unknown, token = url.endsWith('/status') ? reviewer : t.admin) =>
  asAdmin.post(url, payload, token);

async function newOrder(unitPrice = '100.00', quantity = 1) {
  const res = await post('/api/order', { customer, items: [{ service, quantity, unitPrice }] });
  expect(res.statusCode).toBe(201);
  return res.json() as { _id: string; number: number; total: string; balance: string };
}

beforeAll(async () => {
  reviewer = (await t.userWith('admin')).token;
  customer = (await post('/api/customer', { name: 'مؤسسة النخبة', phoneNumber: '0552220001' })).json()._id;
  service = (await post('/api/service', { name: 'تركيب كاميرات', price: '100.00' })).json()._id;
  cash = (await get('/api/paymentMethod?limit=0')).json().data[0]._id;
});

describe('payments', () => {
  it('walks pending → approved → paid, keeping the order paid and balance in step', async () => {
    const order = await newOrder(); // 100 + 15 = 115.00
    const created = await post('/api/payment', { order: order._id, amount: '40.00', paymentMethod: cash });
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({
      status: 'pending',
      amount: '40.00',
      taxAmount: '5.22',
      orderNumber: order.number,
    });
    expect((await get(`/api/order/${order._id}`)).json()).toMatchObject({ balance: '75.00', paid: '0.00' });
    const approved = await post(`/api/payment/${p._id}/status`, { status: 'approved' });
    expect(approved.json()).toMatchObject({ status: 'approved', allowedStatuses: ['paid'] });
    const paid = await post(`/api/payment/${p._id}/status`, { status: 'paid' });
    expect(paid.json().status, paid.body).toBe('paid');
    expect(paid.json().paidAt).toBeTruthy();
    expect((await get(`/api/order/${order._id}`)).json()).toMatchObject({ balance: '75.00', paid: '40.00' });
    expect(
      (await post(`/api/payment/${p._id}/status`, { status: 'rejected', reason: 'خطأ' })).statusCode,
    ).toBe(409);
  });

  it('frees the amount when a payment is rejected, and asks for the reason', async () => {
    const order = await newOrder();
    const p = (
      await post('/api/payment', { order: order._id, amount: '115.00', paymentMethod: cash })
    ).json();
    expect((await get(`/api/order/${order._id}`)).json().balance).toBe('0.00');
    const noReason = await post(`/api/payment/${p._id}/status`, { status: 'rejected' });
    expect(noReason.statusCode).toBe(422);
    const rejected = await post(`/api/payment/${p._id}/status`, {
      status: 'rejected',
      reason: 'الحوالة لم تصل',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'الحوالة لم تصل' });
    expect((await get(`/api/order/${order._id}`)).json().balance).toBe('115.00');
  });

  it('refuses more than the balance unless confirmed', async () => {
    const order = await newOrder();
    const over = await post('/api/payment', { order: order._id, amount: '115.01', paymentMethod: cash });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'overpay', balance: '115.00' });
    const confirmed = await post('/api/payment', {
      order: order._id,
      amount: '115.01',
      paymentMethod: cash,
      allowOverpay: true,
    });
    expect(confirmed.statusCode).toBe(201);
    expect((await get(`/api/order/${order._id}`)).json().balance).toBe('-0.01');
  });

  it('gives 20 concurrent payments unique, gap-free invoice numbers', async () => {
    const order = await newOrder('1000.00', 10); // 11,500.00
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/payment', { order: order._id, amount: '10.00', paymentMethod: cash }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19] - numbers[0]).toBe(19);
    const all = (await get('/api/payment?limit=0&sort=number'))
      .json()
      .data.map((p: { number: number }) => p.number);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });

  it('never overpays an order when payments race for its balance', async () => {
    const order = await newOrder(); // 115.00
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/payment', { order: order._id, amount: '30.00', paymentMethod: cash }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 201).length;
    expect(ok).toBe(3);
    expect(results.filter((r) => r.statusCode === 409).length).toBe(7);
    expect((await get(`/api/order/${order._id}`)).json().balance).toBe('25.00');
  });

  it('a recorded payment is only a receipt; paying it issues the order’s tax invoice, frozen', async () => {
    await t.put('/api/settings', {
      companyName: 'شركة إدارة للخدمات',
      vatNumber: '310122393500003',
      address: 'الرياض، حي العليا',
    });
    const order = await newOrder('1000.00', 1); // 1,150.00 with 150.00 VAT
    const p = (
      await post('/api/payment', { order: order._id, amount: '1150.00', paymentMethod: cash })
    ).json();
    // Pending (and approved): no tax invoice yet, and its PDF says so in Arabic.
    expect((await get(`/api/payment/${p._id}`)).json().invoice).toBeNull();
    const early = await get(`/api/payment/${p._id}/pdf`);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toMatch(/لم تصدر فاتورة/);
    await post(`/api/payment/${p._id}/status`, { status: 'approved' });
    expect((await get(`/api/payment/${p._id}`)).json().invoice).toBeNull();

    await post(`/api/payment/${p._id}/status`, { status: 'paid' });
    const d = (await get(`/api/payment/${p._id}`)).json();
    expect(d.invoice).toMatchObject({
      kind: 'invoice',
      scope: 'simplified',
      status: 'not_connected',
      phase: 2,
    });
    const doc = (await get(`/api/invoice/${d.invoice._id}`)).json();
    expect(doc.snapshot).toMatchObject({
      seller: { name: 'شركة إدارة للخدمات', vatNumber: '310122393500003' },
      buyer: { name: 'مؤسسة النخبة' },
      net: '1000.00',
      vatAmount: '150.00',
      total: '1150.00',
      lines: [{ name: 'تركيب كاميرات', quantity: 1, unitPrice: '1000.00', lineTotal: '1000.00' }],
    });
    expect(decodeZatcaQr(doc.qr)).toMatchObject({
      sellerName: 'شركة إدارة للخدمات',
      vatNumber: '310122393500003',
      total: '1150.00',
      vat: '150.00',
    });
    expect((await get(`/api/order/${order._id}`)).json().invoiced).toBe('1150.00');

    // Frozen: renaming the company, changing the VAT number and rate, renaming the customer leave
    // the issued document as it was — its page, XML, QR, list row and export.
    const html = (await get(`/api/invoice/${doc._id}/html`)).body;
    const xml = (await get(`/api/invoice/${doc._id}/xml`)).body;
    const listRow = () =>
      get(`/api/invoice?order=${order._id}`).then((r) =>
        r.json().data.find((x: { _id: string }) => x._id === doc._id),
      );
    const exported = () => get(`/api/invoice/export?fileType=csv&order=${order._id}`).then((r) => r.body);
    const [rowBefore, exportBefore] = [await listRow(), await exported()];
    await t.put('/api/settings', { companyName: 'اسم آخر للشركة', vatNumber: '300000000000003', tax: 5 });
    const named = (await get(`/api/customer/${customer}`)).json();
    const renamed = await t.put(`/api/customer/${customer}`, {
      name: 'اسم جديد للعميل',
      phoneNumber: named.phoneNumber,
      type: named.type,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await get(`/api/invoice/${doc._id}/html`)).body).toBe(html);
    expect((await get(`/api/invoice/${doc._id}/xml`)).body).toBe(xml);
    const again = (await get(`/api/invoice/${doc._id}`)).json();
    expect(again.snapshot).toEqual(doc.snapshot);
    expect(again.qr).toBe(doc.qr);
    expect(await listRow()).toEqual(rowBefore);
    expect(rowBefore.buyerName).toBe('مؤسسة النخبة');
    expect(await exported()).toBe(exportBefore);
    expect(again.snapshot.seller.name).toBe('شركة إدارة للخدمات');
    await t.put('/api/settings', { tax: 15 });
    expect(html).toContain('فاتورة ضريبية مبسطة');
    expect(html).toContain('غير مرتبط');
  });

  it('lists with filters and a totals row over everything the filters select', async () => {
    const order = await newOrder();
    await post('/api/payment', { order: order._id, amount: '10.00', paymentMethod: cash });
    await post('/api/payment', { order: order._id, amount: '20.50', paymentMethod: cash });
    const res = (await get(`/api/payment?order=${order._id}&limit=1`)).json();
    expect(res.data).toHaveLength(1);
    // VAT inside each amount, rounded per payment: 1.30 + 2.67
    expect(res.totals).toEqual({ amount: '30.50', taxAmount: '3.97', count: 2 });
    // A rejected payment stays in the list but not in the totals.
    const third = (
      await post('/api/payment', { order: order._id, amount: '5.75', paymentMethod: cash })
    ).json();
    await post(`/api/payment/${third._id}/status`, { status: 'rejected', reason: 'مكرر' });
    const after = (await get(`/api/payment?order=${order._id}`)).json();
    expect(after.total).toBe(3);
    expect(after.totals).toEqual({ amount: '30.50', taxAmount: '3.97', count: 3 });
    expect((await get('/api/payment?status=unknown')).statusCode).toBe(400);
  });

  it('checks the permission of each move: approving needs payment:approve', async () => {
    const order = await newOrder();
    const p = (await post('/api/payment', { order: order._id, amount: '10.00', paymentMethod: cash })).json();
    const clerk = await t.userWith('employee', [
      'payment:read',
      'payment:details',
      'payment:create',
      'payment:update',
    ]);
    const res = await post(`/api/payment/${p._id}/status`, { status: 'approved' }, clerk.token);
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/payment/${p._id}`)).json().status).toBe('pending');
  });

  it('downloads the invoice as a one-page A4 PDF', async () => {
    const order = await newOrder();
    const p = (
      await post('/api/payment', { order: order._id, amount: '115.00', paymentMethod: cash })
    ).json();
    await post(`/api/payment/${p._id}/status`, { status: 'approved' });
    await post(`/api/payment/${p._id}/status`, { status: 'paid' });
    const res = await get(`/api/payment/${p._id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(Math.round(Number(box?.[1]))).toBe(595); // A4 portrait in points
    expect(Math.round(Number(box?.[2]))).toBe(842);
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''");
  }, 60_000);
});

describe('four eyes', () => {
  it('whoever recorded a payment cannot approve or reject it; an admin may, with a logged reason; the setting turns it off', async () => {
    const order = await newOrder();
    const clerk = await t.userWith('accountant');
    const recorded = await t.post(
      '/api/payment',
      { order: order._id, amount: '50.00', paymentMethod: cash },
      clerk.token,
    );
    expect(recorded.statusCode, recorded.body).toBe(201);
    const id = recorded.json()._id;
    for (const body of [{ status: 'approved' }, { status: 'rejected', reason: 'خطأ في المبلغ' }]) {
      const own = await post(`/api/payment/${id}/status`, body, clerk.token);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toMatch(/سجّلتها بنفسك/);
    }
    expect((await get(`/api/payment/${id}`)).json().status).toBe('pending');
    // A colleague with the same role can.
    const colleague = await t.userWith('accountant');
    expect(
      (await post(`/api/payment/${id}/status`, { status: 'approved' }, colleague.token)).statusCode,
    ).toBe(200);

    // An admin who recorded one overrides only with a reason, which the activity log keeps.
    const mine = (
      await post('/api/payment', { order: order._id, amount: '10.00', paymentMethod: cash }, t.admin)
    ).json();
    const bare = await post(`/api/payment/${mine._id}/status`, { status: 'approved' }, t.admin);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toMatch(/اكتب سبب/);
    const withReason = await post(
      `/api/payment/${mine._id}/status`,
      { status: 'approved', overrideReason: 'المحاسب في إجازة' },
      t.admin,
    );
    expect(withReason.statusCode).toBe(200);
    const log = (await get(`/api/activity?entityId=${mine._id}&sort=-createdAt`)).json().data[0];
    expect(JSON.stringify(log.changes)).toContain('المحاسب في إجازة');

    // With the setting off, recording and approving may be the same person.
    await t.put('/api/settings', { fourEyes: false });
    const again = (
      await post('/api/payment', { order: order._id, amount: '5.00', paymentMethod: cash }, clerk.token)
    ).json();
    expect(
      (await post(`/api/payment/${again._id}/status`, { status: 'approved' }, clerk.token)).statusCode,
    ).toBe(200);
    await t.put('/api/settings', { fourEyes: true });
  });
});
