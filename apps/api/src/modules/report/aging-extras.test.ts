import { agingBuckets, toHalalas } from '@idara/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activity } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { pdfAnswerText } from '../../test/pdf-to-text';
import { agedReceivables } from '../../test/receivable-history';

/** The aging report's export, drill-down and home summary agree with the report itself. */

const customers: string[] = [];
const keys = [...agingBuckets, 'total'] as const;
type Row = Record<string, string>;

const t = useTestApp();
beforeAll(async () => {
  customers.push(...(await agedReceivables(t, { people: 4, seeds: [21, 22], spreadSeed: 5 })));
}, 120_000);

const { get } = t;
const report = async (query = '') => (await get(`/api/report/aging?limit=500&${query}`)).json();

async function readXlsx(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

describe('GET /api/report/aging/export', () => {
  it('xlsx: one row per customer in the report order, and a totals row equal to the report totals', async () => {
    const shown = await report();
    expect(shown.data.length).toBeGreaterThan(1);
    const res = await get('/api/report/aging/export?fileType=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const sheet = await readXlsx(res.rawPayload);
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('العميل');
    expect(values(1)).toHaveLength(7);
    shown.data.forEach((row: Row, i: number) => {
      const cells = values(i + 2);
      expect(cells[0]).toBe(row.customerName);
      for (const [j, k] of keys.entries()) expect(toHalalas(String(cells[j + 1])), k).toBe(toHalalas(row[k]));
    });
    const totals = values(shown.data.length + 2);
    expect(totals[0]).toBe('الإجمالي');
    for (const [j, k] of keys.entries())
      expect(toHalalas(String(totals[j + 1])), k).toBe(toHalalas(shown.totals[k]));
    expect(sheet.rowCount).toBe(shown.data.length + 2);
  });

  it('csv: same filters and search as the report, totals row equal to the filtered totals; logged', async () => {
    const query = `search=${encodeURIComponent('شركة')}`;
    const shown = await report(query);
    const res = await get(`/api/report/aging/export?fileType=csv&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(shown.data.length + 2);
    const cells = (line: string) => line.split(',').map((c) => c.replace(/^"|"$/g, ''));
    expect(cells(lines[1])[0]).toBe('شركة الرواد');
    const totals = cells(lines.at(-1)!);
    expect(totals[0]).toBe('الإجمالي');
    for (const [j, k] of keys.entries()) expect(toHalalas(totals[j + 1]), k).toBe(toHalalas(shown.totals[k]));
    // Logged once the file has gone out.
    await vi.waitFor(async () => {
      const logged = await t.db.select().from(activity).where(eq(activity.entity, 'report'));
      expect(logged.map((l) => l.summary)).toContain(`تصدير ${shown.data.length} من أعمار الذمم (CSV)`);
    });
  });

  it('pdf: the customers and the totals printed', async () => {
    const text = pdfAnswerText(await get('/api/report/aging/export?fileType=pdf'));
    const listed: string[] = (await report()).data.map((r: { customerName: string }) => r.customerName);
    expect(listed.length).toBeGreaterThan(1);
    // Every customer the report lists, by the last word of the name (pdftotext may split at spaces).
    for (const word of ['أعمار', 'الإجمالي', ...listed.map((n) => n.split(' ').at(-1) ?? n)])
      expect(text).toContain(word);
  }, 60_000);

  it('refuses bad file types and filters in Arabic before streaming, and users without report:aging', async () => {
    for (const query of ['fileType=docx', 'type=robot', 'city=not-a-uuid']) {
      const res = await get(`/api/report/aging/export?${query}`);
      expect([400, 422], query).toContain(res.statusCode);
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
    }
    const employee = (await t.userWith('employee')).token;
    expect((await get('/api/report/aging/export', employee)).statusCode).toBe(403);
  });
});

describe('GET /api/report/aging/customer/:id', () => {
  it("lists each customer's open documents, whose amounts by bucket make the customer's report row", async () => {
    const shown = await report();
    const byCustomer = new Map(shown.data.map((r: Row) => [r.customer, r]));
    let documents = 0;
    let longOverdue = 0;
    for (const customer of customers) {
      const res = await get(`/api/report/aging/customer/${customer}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const row = (byCustomer.get(customer) ?? Object.fromEntries(keys.map((k) => [k, '0.00']))) as Row;
      expect(body.figures).toEqual(Object.fromEntries(keys.map((k) => [k, row[k]])));
      const sums = Object.fromEntries(keys.map((k) => [k, 0]));
      for (const d of body.documents) {
        expect(toHalalas(d.open)).toBeGreaterThan(0);
        expect(toHalalas(d.open)).toBeLessThanOrEqual(toHalalas(d.amount));
        expect(d.bucket === 'current').toBe(d.daysOverdue === 0);
        sums[d.bucket] += toHalalas(d.open);
        sums.total += toHalalas(d.open);
        documents++;
        if (d.daysOverdue > 60) longOverdue++;
      }
      const unapplied = toHalalas(body.unapplied);
      for (const k of agingBuckets)
        expect(sums[k] + (k === 'current' ? unapplied : 0), `${customer} ${k}`).toBe(toHalalas(row[k]));
      expect(sums.total + unapplied).toBe(toHalalas(row.total));
    }
    // The histories reach the buckets past due (or the sums above prove little).
    expect(documents).toBeGreaterThan(0);
    expect(longOverdue).toBeGreaterThan(0);
  });

  it('answers 404 in Arabic for an unknown customer, 400/422 for a malformed id, 403 without report:aging', async () => {
    const unknown = await get('/api/report/aging/customer/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('العميل غير موجود');
    expect([400, 422]).toContain((await get('/api/report/aging/customer/nope')).statusCode);
    const employee = (await t.userWith('employee')).token;
    expect((await get(`/api/report/aging/customer/${customers[0]}`, employee)).statusCode).toBe(403);
  });
});

describe('GET /api/report/aging/summary', () => {
  it('gives the overdue total and the customers over 60 days of the report itself', async () => {
    const shown = await report();
    const res = await get('/api/report/aging/summary');
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    const pastDue = ['days1to30', 'days31to60', 'days61to90', 'over90'];
    expect(toHalalas(summary.overdue)).toBe(pastDue.reduce((s, k) => s + toHalalas(shown.totals[k]), 0));
    expect(toHalalas(summary.overdue)).toBeGreaterThan(0);
    expect(summary.customersOver60).toBe(
      shown.data.filter((r: Row) => toHalalas(r.days61to90) > 0 || toHalalas(r.over90) > 0).length,
    );
    const employee = (await t.userWith('employee')).token;
    expect((await get('/api/report/aging/summary', employee)).statusCode).toBe(403);
    const accountant = (await t.userWith('accountant')).token;
    expect((await get('/api/report/aging/summary', accountant)).statusCode).toBe(200);
  });
});
