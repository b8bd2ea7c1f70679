import {
  ageReceivable,
  agingBuckets,
  einvoiceCountsInTotals,
  riyadhDayOf,
  toHalalas,
  vatReturnOf,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { einvoices, payments } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { agedReceivables } from '../../test/receivable-history';
import { agingSql } from './aging-query';
import { agingDocumentOf } from './common';

/**
 * The aging SQL against the domain's rule (aging.ts) on random histories made through the API; the
 * documents' issue days are then spread over the past year (a history made in one test run is all
 * issued today), so every bucket and the oldest-first order are exercised.
 */

const customers: string[] = [];

const t = useTestApp();
beforeAll(async () => {
  customers.push(...(await agedReceivables(t, { people: 3, seeds: [11, 12, 13] })));
});

describe('aging SQL', () => {
  it('gives every customer the figures of the domain rule, bucket by bucket, to the halala', async () => {
    const docs = (await t.db.select().from(einvoices)).filter((d) => einvoiceCountsInTotals(d.status));
    const paidRows = await t.db.select().from(payments).where(eq(payments.status, 'paid'));
    expect(docs.some((d) => d.kind === 'credit')).toBe(true);
    const filled = new Set<string>();
    for (const today of [riyadhDayOf(new Date()), '2027-03-01']) {
      const rows = (await t.db.execute(agingSql(today))).rows as Record<string, string | number>[];
      const byCustomer = new Map(rows.map((row) => [String(row.customer), row]));
      for (const customer of customers) {
        const mine = docs.filter((d) => d.customer === customer).map(agingDocumentOf);
        const paid = paidRows
          .filter((p) => p.customer === customer)
          .reduce((s, p) => s + toHalalas(p.amount), 0);
        const expected = ageReceivable(mine, paid, today);
        const row = byCustomer.get(customer);
        const shown = Object.fromEntries(
          [...agingBuckets, 'total'].map((k) => [k, row ? Number(row[k]) : 0]),
        );
        expect(shown, `${customer} on ${today}`).toEqual(expected);
        for (const k of agingBuckets) if (shown[k] !== 0) filled.add(k);
      }
    }
    // The histories reach more than one bucket (or the comparison above proves little).
    expect(filled.size).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /api/report/aging', () => {
  const { get } = t;

  it('answers each customer with their buckets, which sum to the open balance, and totals that equal the receivables', async () => {
    const res = await get('/api/report/aging?limit=500');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.count).toBe(report.data.length);
    const halalas = (row: Record<string, string>, k: string) => toHalalas(row[k]);
    for (const row of report.data) {
      expect(agingBuckets.reduce((s, k) => s + halalas(row, k), 0)).toBe(halalas(row, 'total'));
      expect(row.customerName).toBeTruthy();
    }
    for (const k of [...agingBuckets, 'total'])
      expect(halalas(report.totals, k)).toBe(
        report.data.reduce((s: number, r: Record<string, string>) => s + halalas(r, k), 0),
      );
    // The open balance is what the orders say is outstanding (packages/domain receivables.ts).
    const outstanding = (await get('/api/order/totals')).json().outstanding;
    expect(report.totals.total).toBe(outstanding);
    // Ordered by what is owed, most first.
    const totals = report.data.map((r: Record<string, string>) => halalas(r, 'total'));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });

  it('filters by customer type and search, pages, and keeps the totals over every page', async () => {
    const all = (await get('/api/report/aging')).json();
    const companies = (await get('/api/report/aging?type=company')).json();
    expect(companies.data.map((r: { customerName: string }) => r.customerName)).toEqual(
      all.data
        .filter((r: { customerName: string }) => r.customerName === 'شركة الرواد')
        .map((r: { customerName: string }) => r.customerName),
    );
    const searched = (await get(`/api/report/aging?search=${encodeURIComponent('النخيل')}`)).json();
    expect(searched.data.every((r: { customerName: string }) => r.customerName.includes('النخيل'))).toBe(
      true,
    );
    const page2 = (await get('/api/report/aging?limit=1&page=2')).json();
    expect(page2.data.length).toBeLessThanOrEqual(1);
    expect(page2.totals).toEqual(all.totals);
    const beyond = (await get('/api/report/aging?limit=1&page=99')).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.totals).toEqual(all.totals);
    expect(beyond.count).toBe(all.count);
  });

  it('refuses bad filters in Arabic and users without report:aging', async () => {
    for (const query of ['type=robot', 'page=0', 'limit=100000', 'city=not-a-uuid']) {
      const res = await get(`/api/report/aging?${query}`);
      expect([400, 422], query).toContain(res.statusCode);
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
    }
    const employee = (await t.userWith('employee')).token;
    expect((await get('/api/report/aging', employee)).statusCode).toBe(403);
    const accountant = (await t.userWith('accountant')).token;
    expect((await get('/api/report/aging', accountant)).statusCode).toBe(200);
  });
});

describe('GET /api/report/vat', () => {
  const { get } = t;
  const halalas = (v: string) => toHalalas(v);

  it('sums the issued documents of the period, by Riyadh day, into the return; its VAT is theirs', async () => {
    const from = '2026-06-01';
    const to = riyadhDayOf(new Date());
    const res = await get(`/api/report/vat?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const docs = (await t.db.select().from(einvoices)).filter((d) => {
      if (!einvoiceCountsInTotals(d.status)) return false;
      const day = riyadhDayOf(d.issuedAt);
      return day >= from && day <= to;
    });
    expect(report.documents).toBe(docs.length);
    expect(docs.some((d) => d.kind === 'credit')).toBe(true);
    const expected = vatReturnOf(
      docs.map((d) => ({
        kind: d.kind as 'invoice' | 'credit' | 'debit',
        vatRate: d.snapshot.vatRate,
        total: toHalalas(d.total),
        vat: toHalalas(d.vatAmount),
      })),
    );
    expect(halalas(report.standardRated.net)).toBe(expected.standardRated.net);
    expect(halalas(report.standardRated.vat)).toBe(expected.standardRated.vat);
    expect(halalas(report.adjustments.net)).toBe(expected.adjustments.net);
    expect(halalas(report.adjustments.vat)).toBe(expected.adjustments.vat);
    expect(report.exempt.net).toBe('0.00');
    const signedVat = docs.reduce((s, d) => s + (d.kind === 'credit' ? -1 : 1) * toHalalas(d.vatAmount), 0);
    expect(halalas(report.totalVat)).toBe(signedVat);
    expect(halalas(report.adjustments.net)).toBeLessThan(halalas(report.standardRated.net));
  });

  it('a period without documents answers zeros', async () => {
    const res = await get('/api/report/vat?from=2020-01-01&to=2020-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      documents: 0,
      totalVat: '0.00',
      standardRated: { net: '0.00', vat: '0.00' },
    });
  });

  it('refuses reversed, absurd and missing periods in Arabic, and users without report:vat', async () => {
    for (const query of [
      'from=2026-03-31&to=2026-01-01',
      'from=2024-01-01&to=2026-01-01',
      'to=2026-01-01',
      'from=2026-02-30&to=2026-03-01',
      '',
    ]) {
      const res = await get(`/api/report/vat?${query}`);
      expect([400, 422], query).toContain(res.statusCode);
      expect(res.json().message, query).toMatch(/[\u0600-\u06FF]/);
    }
    expect(
      (await get('/api/report/vat?from=2026-01-01&to=2026-03-31', (await t.userWith('employee')).token))
        .statusCode,
    ).toBe(403);
  });
});
