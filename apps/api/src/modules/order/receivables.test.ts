import {
  einvoiceCountsInTotals,
  paymentStatuses,
  receivableKeys,
  riyadhDayOf,
  toHalalas,
} from '@idara/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { einvoices, payments } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { type HistoryActors, historyActors, receivableHistory } from '../../test/receivable-history';

/**
 * The money definition of packages/domain receivables.ts, held against what actually happened:
 * random histories of orders, payments (recorded, approved, paid, rejected, overpaid), invoices,
 * credit and debit notes and cancellations; then every place that shows money — the order, the
 * customer's totals, the home card, the lists' totals and the exports' totals rows — must agree
 * with figures recomputed here from the payments and documents themselves.
 */

let actors: HistoryActors;
const otherServices: string[] = [];
/** Every order of every history so far, summed per customer from the payments and documents. */
const byCustomer = new Map<string, Record<string, number>>();

const t = useTestApp();
const { get, post } = t;

function csvRows(body: string) {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
}
/** The «الإجمالي» row of a CSV export, by header. */
function totalsRowOf(body: string) {
  const rows = csvRows(body);
  const header = rows[0];
  const last = rows.at(-1)!;
  return Object.fromEntries(header.map((h, i) => [h, last[i]]));
}

beforeAll(async () => {
  actors = await historyActors(t, [
    { name: 'سارة القحطاني', phoneNumber: '0552230101' },
    { name: 'شركة الرواد', phoneNumber: '0552230102' },
  ]);
  for (const [name, vatCategory, vatExemptionCode] of [
    ['استشارة لعميل خارج المملكة', 'Z', 'VATEX-SA-33'],
    ['رسوم تقسيط', 'E', 'VATEX-SA-29'],
  ])
    otherServices.push(
      (
        await post('/api/service', { name, price: '10.00', unit: 'hour', vatCategory, vatExemptionCode })
      ).json()._id,
    );
});

// Histories 3 and 4 also sell zero-rated and exempt hours beside the standard-rated service.
const history = (seed: number) =>
  receivableHistory(t, seed, { ...actors, otherServices: seed >= 3 ? otherServices : undefined });

describe('money that reconciles', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`history ${seed}: every figure shown equals the payments and documents behind it`, async () => {
      const orderIds = await history(seed);
      const paymentRows = await t.db
        .select({ order: payments.order, amount: payments.amount, status: payments.status })
        .from(payments)
        .where(inArray(payments.order, orderIds));
      // Documents FATOORA rejected count nowhere.
      const documentRows = (
        await t.db
          .select({
            order: einvoices.order,
            kind: einvoices.kind,
            total: einvoices.total,
            status: einvoices.status,
          })
          .from(einvoices)
          .where(inArray(einvoices.order, orderIds))
      ).filter((d) => einvoiceCountsInTotals(d.status));

      for (const id of orderIds) {
        const order = (await get(`/api/order/${id}`)).json();
        const mine = paymentRows.filter((p) => p.order === id);
        const sum = (rows: { amount: string }[]) => rows.reduce((s, p) => s + toHalalas(p.amount), 0);
        const paid = sum(mine.filter((p) => p.status === 'paid'));
        const pending = sum(mine.filter((p) => p.status === 'pending' || p.status === 'approved'));
        const docs = documentRows.filter((d) => d.order === id);
        const signedSum = (rows: typeof docs) =>
          rows.reduce((s, d) => s + (d.kind === 'credit' ? -1 : 1) * toHalalas(d.total), 0);
        const invoiced = signedSum(docs);
        const invoices = signedSum(docs.filter((d) => d.kind === 'invoice'));
        const expected = {
          invoiced,
          paid,
          pending,
          outstanding: invoiced - paid,
          // Only tax invoices settle the uninvoiced part: a note is final, never re-invoiced.
          uninvoiced: order.status === 'cancelled' ? 0 : toHalalas(order.total) - invoices,
        };
        // Nothing automatic invoices again what a credit note took off.
        expect(invoices, `seed ${seed}, order ${order.number}`).toBeLessThanOrEqual(toHalalas(order.total));
        expect(toHalalas(order.adjusted)).toBe(invoiced - invoices);
        const shown = Object.fromEntries(receivableKeys.map((k) => [k, toHalalas(order[k])]));
        expect(shown, `seed ${seed}, order ${order.number}`).toEqual(expected);
        expect(shown.invoiced).toBe(shown.paid + shown.outstanding);
        const c = byCustomer.get(order.customer) ?? { total: 0, count: 0 };
        for (const k of receivableKeys) c[k] = (c[k] ?? 0) + expected[k];
        c.total += toHalalas(order.total);
        c.count += 1;
        byCustomer.set(order.customer, c);
      }

      // Per customer: the totals route sums exactly the orders, and so does the order export.
      for (const [customer, expected] of byCustomer) {
        const totals = (await get(`/api/order/totals?customer=${customer}`)).json();
        const all = (await get(`/api/order?customer=${customer}&limit=0`)).json().data;
        const sumOf = (k: string) =>
          all.reduce((s: number, o: Record<string, string>) => s + toHalalas(o[k]), 0);
        expect(totals.count).toBe(all.length);
        expect(totals.count).toBe(expected.count);
        expect(toHalalas(totals.total)).toBe(expected.total);
        for (const k of receivableKeys) {
          expect(toHalalas(totals[k]), k).toBe(expected[k]);
          expect(sumOf(k), k).toBe(expected[k]);
        }
        expect(toHalalas(totals.invoiced)).toBe(toHalalas(totals.paid) + toHalalas(totals.outstanding));
        const exported = totalsRowOf((await get(`/api/order/export?fileType=csv&customer=${customer}`)).body);
        expect(exported['المستحق (ر.س)']).toBe(totals.outstanding);
        expect(exported['المفوتر (ر.س)']).toBe(totals.invoiced);
        expect(exported['المدفوع (ر.س)']).toBe(totals.paid);
        expect(exported['قيد التحصيل (ر.س)']).toBe(totals.pending);
      }
    });
  }

  it('the home card, the payments list and the documents list total what the orders say', async () => {
    const everything = (await get('/api/order/totals')).json();
    const home = (await get('/api/dashboard')).json();
    expect(home.cards.unpaidBalance).toBe(everything.outstanding);

    // Payments: rejected ones are listed but never totalled, on the screen and in the export.
    const paymentList = (await get('/api/payment?limit=0')).json();
    const counted = paymentList.data
      .filter((p: { status: string }) => p.status !== 'rejected')
      .reduce((s: number, p: { amount: string }) => s + toHalalas(p.amount), 0);
    expect(paymentList.data.some((p: { status: string }) => p.status === 'rejected')).toBe(true);
    expect(toHalalas(paymentList.totals.amount)).toBe(counted);
    const paymentExport = totalsRowOf((await get('/api/payment/export?fileType=csv')).body);
    expect(paymentExport['المبلغ شامل الضريبة (ر.س)']).toBe(paymentList.totals.amount);
    const paidTotal = paymentList.data
      .filter((p: { status: string }) => p.status === 'paid')
      .reduce((s: number, p: { amount: string }) => s + toHalalas(p.amount), 0);
    expect(paidTotal).toBe(toHalalas(everything.paid));
    expect(paymentStatuses).toContain('approved');

    // Documents: credit notes take away and rejected ones count nowhere, so the list's net equals what the orders say is invoiced.
    const documents = (await get('/api/invoice?limit=0')).json();
    // Rejected documents are listed but never totalled.
    expect(documents.data.some((d: { status: string }) => d.status === 'rejected')).toBe(true);
    expect(documents.data.some((d: { kind: string }) => d.kind === 'credit')).toBe(true);
    expect(documents.totals.total).toBe(everything.invoiced);
    const documentExport = totalsRowOf((await get('/api/invoice/export?fileType=csv')).body);
    expect(documentExport['الإجمالي شامل الضريبة (ر.س)']).toBe(everything.invoiced);
  });

  it('the VAT return of the day is its documents’ parts: zero-rated, exempt and VAT to the halala', async () => {
    // Notes on each category of a mixed invoice, beside what the histories issued.
    const [mixed] = (await t.db.select().from(einvoices).where(eq(einvoices.kind, 'invoice'))).filter(
      (d) => einvoiceCountsInTotals(d.status) && d.snapshot.lines.some((l) => (l.vatCategory ?? 'S') !== 'S'),
    );
    expect(mixed).toBeDefined();
    for (const vatCategory of new Set(mixed.snapshot.lines.map((l) => l.vatCategory ?? 'S')))
      for (const kind of ['credit-note', 'debit-note'])
        expect(
          (await post(`/api/invoice/${mixed._id}/${kind}`, { reason: 'تصحيح', amount: '1.15', vatCategory }))
            .statusCode,
        ).toBe(201);
    const rows = (
      await t.db
        .select({
          kind: einvoices.kind,
          total: einvoices.total,
          vat: einvoices.vatAmount,
          zero: einvoices.zeroRated,
          exempt: einvoices.exempt,
          status: einvoices.status,
          snapshot: einvoices.snapshot,
        })
        .from(einvoices)
    ).filter((d) => einvoiceCountsInTotals(d.status));
    const signed = (f: (d: (typeof rows)[number]) => string) =>
      rows.reduce((s, d) => s + (d.kind === 'credit' ? -1 : 1) * toHalalas(f(d)), 0);
    // The histories reached mixed documents and notes on them, or this proves little.
    expect(rows.some((d) => new Set(d.snapshot.lines.map((l) => l.vatCategory ?? 'S')).size > 1)).toBe(true);
    expect(rows.some((d) => d.kind !== 'invoice' && toHalalas(d.zero) + toHalalas(d.exempt) > 0)).toBe(true);
    const today = riyadhDayOf(new Date());
    const vat = (await get(`/api/report/vat?from=${today}&to=${today}`)).json();
    expect(toHalalas(vat.totalVat)).toBe(signed((d) => d.vat));
    expect(toHalalas(vat.zeroRated.net)).toBe(signed((d) => d.zero));
    expect(toHalalas(vat.exempt.net)).toBe(signed((d) => d.exempt));
    const nets = ['standardRated', 'zeroRated', 'exempt', 'outOfScope', 'adjustments'].reduce(
      (s, k) => s + toHalalas(vat[k].net),
      0,
    );
    expect(nets + toHalalas(vat.totalVat)).toBe(signed((d) => d.total));
  });
});
