import { addDays, riyadhDayOf } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractBills } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { billDueContracts } from './billing';

/** Contracts billed through the tax invoice path: upfront, per period (once under concurrency), per visit. */
let t: TestApp;
let admin: string;
let customer: string;
let service: string;

const phone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const post = (url: string, payload: object) => t.inject({ method: 'POST', url, token: admin, payload });
const get = (url: string) => t.inject({ method: 'GET', url, token: admin });
const today = riyadhDayOf(new Date());
const monthsAgo = (n: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};
const contractType = async (name: string, visits: number, withService = true) =>
  (
    await post('/api/contract', {
      name,
      durationMonths: 12,
      visits,
      price: '1200',
      ...(withService ? { service } : {}),
    })
  ).json()._id as string;
const invoicesOf = async (orderIds: string[]) => {
  const all = [];
  for (const order of orderIds) all.push(...(await get(`/api/invoice?order=${order}`)).json().data);
  return all as { total: string; kind: string }[];
};
const revenueOfThisMonth = async () => {
  const report = (await get(`/api/report/visits?from=${today}&to=${today}`)).json();
  const month = report.contractRevenue.find((r: { month: string }) => r.month === today.slice(0, 7));
  return Number(month?.amount ?? 0);
};
const billed = async (contract: string) =>
  t.db
    .select()
    .from(contractBills)
    .where(eq(contractBills.customerContract, contract))
    .orderBy(contractBills.period);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  customer = (await post('/api/customer', { name: 'مستشفى الشفاء', phoneNumber: phone() })).json()._id;
  service = (await post('/api/service', { name: 'عقد صيانة', price: '0' })).json()._id;
});
afterAll(async () => {
  await t.close();
});

describe('contract billing', () => {
  it('invoices an upfront contract once, at its start, for its whole price', async () => {
    const res = await post('/api/customer-contract', {
      customer,
      contract: await contractType('صيانة سنوية مقدماً', 2),
      startDate: today,
    });
    expect(res.statusCode, res.body).toBe(201);
    const bills = await billed(res.json()._id);
    expect(bills).toHaveLength(1);
    const order = (await get(`/api/order/${bills[0].order}`)).json();
    expect(order.items[0].name).toBe(`صيانة سنوية مقدماً — عقد رقم ${res.json().number}`);
    expect(order.subtotal).toBe('1200.00');
    const [invoice] = await invoicesOf([String(bills[0].order)]);
    expect(invoice).toMatchObject({ kind: 'invoice', total: '1380.00' });
    // Editing it or the tick running again bills nothing more.
    await t.inject({
      method: 'PUT',
      url: `/api/customer-contract/${res.json()._id}`,
      token: admin,
      payload: { notes: 'تعديل' },
    });
    await billDueContracts(t.app, new Date());
    expect(await billed(res.json()._id)).toHaveLength(1);
  });

  it('invoices each quarter from its first day, exactly once however many ticks run at once', async () => {
    const res = await post('/api/customer-contract', {
      customer,
      contract: await contractType('صيانة ربع سنوية', 4),
      startDate: monthsAgo(7),
      billing: 'per_period',
      billingPeriod: 'quarter',
    });
    expect(res.statusCode, res.body).toBe(201);
    // Started seven months ago: the first three quarters are due.
    expect((await billed(res.json()._id)).map((b) => b.period)).toEqual([1, 2, 3]);
    const later = new Date(`${addDays(monthsAgo(-3), 1)}T09:00:00+03:00`);
    await Promise.all([
      billDueContracts(t.app, later),
      billDueContracts(t.app, later),
      billDueContracts(t.app, later),
    ]);
    const bills = await billed(res.json()._id);
    expect(bills.map((b) => b.period)).toEqual([1, 2, 3, 4]);
    const invoices = await invoicesOf(bills.map((b) => String(b.order)));
    expect(invoices.map((i) => i.total)).toEqual(['345.00', '345.00', '345.00', '345.00']);
  });

  it('invoices a per-visit contract when each visit is done, its share of the price', async () => {
    const res = await post('/api/customer-contract', {
      customer,
      contract: await contractType('صيانة لكل زيارة', 3),
      startDate: today,
      billing: 'per_visit',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await billed(res.json()._id)).toHaveLength(0);
    const [first, second] = res.json().visits;
    expect((await post(`/api/visit/${first._id}/status`, { status: 'done' })).statusCode).toBe(200);
    expect((await post(`/api/visit/${second._id}/status`, { status: 'missed' })).statusCode).toBe(200);
    const bills = await billed(res.json()._id);
    expect(bills.map((b) => b.period)).toEqual([1]);
    const [invoice] = await invoicesOf([String(bills[0].order)]);
    expect(invoice.total).toBe('460.00');
  });

  it('refuses to sell a contract whose type has no service to invoice it as, in Arabic', async () => {
    const res = await post('/api/customer-contract', {
      customer,
      contract: await contractType('نوع بلا خدمة', 2, false),
      startDate: today,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('خدمة الفوترة');
  });
  it('reports visits per month and contract revenue, to report:visits holders only', async () => {
    const from = today;
    const res = await get(`/api/report/visits?from=${from}&to=${addDays(from, 365)}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    // Everything invoiced above, all issued today: 1380 upfront, four quarters of 345, one visit 460.
    const revenue = report.contractRevenue.reduce(
      (sum: number, m: { amount: string }) => sum + Number(m.amount),
      0,
    );
    expect(revenue).toBeCloseTo(1380 + 4 * 345 + 460, 2);
    const months = report.months as { due: number; done: number; missed: number }[];
    expect(months.reduce((s, m) => s + m.done, 0)).toBe(1);
    expect(months.reduce((s, m) => s + m.missed, 0)).toBe(1);
    const reader = await t.userWith('employee', ['report:aging']);
    const refused = await t.inject({
      method: 'GET',
      url: `/api/report/visits?from=${from}&to=${today}`,
      token: reader.token,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('bills the largest price a contract takes to the halala, and refuses a larger one on its field', async () => {
    // The largest invoice line (10 million riyals): the whole price of an upfront contract.
    const type = await contractType('عقد بأكبر مبلغ', 3);
    const tooLarge = await post('/api/customer-contract', {
      customer,
      contract: type,
      startDate: today,
      price: '10000000.01',
    });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().fieldErrors.price).toBe('سعر العقد أكبر من الحد المسموح (10,000,000.00 ر.س)');
    const revenueBefore = await revenueOfThisMonth();
    const res = await post('/api/customer-contract', {
      customer,
      contract: type,
      startDate: today,
      price: '10000000.00',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().price).toBe('10000000.00');
    const bills = await billed(res.json()._id);
    const [invoice] = await invoicesOf([String(bills[0].order)]);
    expect(invoice).toMatchObject({ kind: 'invoice', total: '11500000.00' });
    // The visits report's contract revenue (what was invoiced, VAT included) carries it to the halala.
    expect(Math.round((await revenueOfThisMonth()) * 100) - Math.round(revenueBefore * 100)).toBe(
      11_500_000_00,
    );
  });
});
