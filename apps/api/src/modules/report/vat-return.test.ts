import { arabicPlural, DOCUMENTS, riyadhDayOf, toHalalas, vatFigures, vatReturnLabels } from '@idara/domain';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, einvoices } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { pdfAnswerText } from '../../test/pdf-to-text';
import { historyActors, random, receivableHistory } from '../../test/receivable-history';

/**
 * The VAT return's drill-down and export against GET /api/report/vat, on random documents made
 * through the API and spread over the past 80 days; one invoice is made zero-rated and one exempt (as
 * a document of those categories alone stores them) so that every figure but out-of-scope has documents.
 */

const from = riyadhDayOf(new Date(Date.now() - 100 * 86_400_000));
const to = riyadhDayOf(new Date());
const period = `from=${from}&to=${to}`;

const t = useTestApp();
beforeAll(async () => {
  const actors = await historyActors(t, [
    { name: 'سارة القحطاني', phoneNumber: '0552230301' },
    { name: 'شركة الرواد', phoneNumber: '0552230302' },
  ]);
  for (const seed of [31, 32]) await receivableHistory(t, seed, actors, 70);
  const r = random(9);
  const docs = await t.db
    .select({ _id: einvoices._id })
    .from(einvoices)
    .orderBy(einvoices.issuedAt, einvoices._id);
  for (const doc of docs)
    await t.db
      .update(einvoices)
      .set({ issuedAt: sql`${einvoices.issuedAt} - make_interval(days => ${r.int(0, 80)})` })
      .where(eq(einvoices._id, doc._id));
  // The two made zero-rated and exempt are the latest invoices, so inside the period however far
  // the shift moved the others.
  const [zero, exempt] = await t.db
    .select({ _id: einvoices._id })
    .from(einvoices)
    .where(eq(einvoices.kind, 'invoice'))
    .orderBy(desc(einvoices.issuedAt), einvoices._id)
    .limit(2);
  for (const [doc, part] of [
    [zero, 'zeroRated'],
    [exempt, 'exempt'],
  ] as const)
    if (doc)
      await t.db
        .update(einvoices)
        .set({ vatAmount: '0.00', [part]: sql`${einvoices.total}` })
        .where(eq(einvoices._id, doc._id));
}, 120_000);

const { get } = t;
type Doc = { _id: string; kind: string; net: string; vat: string; number: string };

async function allDocuments(figure: string, query = period) {
  const docs: Doc[] = [];
  let first: Record<string, unknown> | undefined;
  for (let page = 1; ; page++) {
    const res = await get(`/api/report/vat/documents?${query}&figure=${figure}&limit=7&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    first ??= body;
    expect(body.sums).toEqual((first as { sums: unknown }).sums);
    docs.push(...body.data);
    if (body.data.length < 7) break;
  }
  return {
    docs,
    sums: (first as { sums: { net: string; vat: string } }).sums,
    count: first?.count as number,
  };
}

describe('GET /api/report/vat/documents', () => {
  it('for every figure, the documents and their sums over all pages equal the figure in the return', async () => {
    for (const query of [period, `from=${to}&to=${to}`]) {
      const report = (await get(`/api/report/vat?${query}`)).json();
      const counted = new Set<string>();
      for (const figure of vatFigures) {
        const { docs, sums, count } = await allDocuments(figure, query);
        expect(docs.length, figure).toBe(count);
        for (const d of docs) counted.add(d._id);
        const sum = (k: 'net' | 'vat') => docs.reduce((s, d) => s + toHalalas(d[k]), 0);
        expect(sum('net'), `${figure} ${query}`).toBe(toHalalas(sums.net));
        expect(sum('vat'), `${figure} ${query}`).toBe(toHalalas(sums.vat));
        expect(sums.net, `${figure} ${query}`).toBe(report[figure].net);
        if (report[figure].vat !== undefined) expect(sums.vat).toBe(report[figure].vat);
        for (const d of docs) if (d.kind === 'credit') expect(toHalalas(d.net)).toBeLessThanOrEqual(0);
        expect(new Set(docs.map((d) => d._id)).size).toBe(docs.length);
      }
      expect(counted.size).toBe(report.documents);
    }
    // The random history reached the figures (or the comparison proves little).
    const report = (await get(`/api/report/vat?${period}`)).json();
    for (const f of ['standardRated', 'zeroRated', 'exempt', 'adjustments'])
      expect((await allDocuments(f)).count, f).toBeGreaterThan(0);
    expect(report.adjustments.net).not.toBe('0.00');
  });

  it('refuses a bad figure, page or period in Arabic, and users without report:vat', async () => {
    for (const query of [
      `${period}&figure=purchases`,
      `${period}`,
      `${period}&figure=exempt&page=0`,
      `from=2026-03-31&to=2026-01-01&figure=exempt`,
      `from=2024-01-01&to=2026-01-01&figure=exempt`,
    ]) {
      const res = await get(`/api/report/vat/documents?${query}`);
      expect([400, 422], query).toContain(res.statusCode);
      expect(res.json().message, query).toMatch(/[\u0600-\u06FF]/);
    }
    const employee = (await t.userWith('employee')).token;
    expect((await get(`/api/report/vat/documents?${period}&figure=exempt`, employee)).statusCode).toBe(403);
  });
});

describe('GET /api/report/vat/export', () => {
  async function expected() {
    const report = (await get(`/api/report/vat?${period}`)).json();
    const numbers = new Map<string, { figure: string; net: string; vat: string }>();
    for (const figure of vatFigures)
      for (const d of (await allDocuments(figure)).docs)
        numbers.set(d.number, { figure: vatReturnLabels[figure], net: d.net, vat: d.vat });
    return { report, numbers };
  }

  it('writes the figures, then every document under its figure, in xlsx and csv, and logs the export', async () => {
    const { report, numbers } = await expected();
    const res = await get(`/api/report/vat/export?fileType=xlsx&${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    expect(col('الصافي')).toBeGreaterThan(0);
    const amount = (v: unknown) => (v === undefined || v === null ? undefined : Math.round(Number(v) * 100));
    const figureRow = (label: string) =>
      rows.find((r) => r[col('البند')] === label && !r[col('رقم المستند')]);
    for (const f of vatFigures)
      expect(amount(figureRow(vatReturnLabels[f])?.[col('الصافي')])).toBe(toHalalas(report[f].net));
    expect(amount(figureRow(vatReturnLabels.standardRated)?.[col('ضريبة القيمة المضافة')])).toBe(
      toHalalas(report.standardRated.vat),
    );
    expect(amount(figureRow(vatReturnLabels.totalVat)?.[col('ضريبة القيمة المضافة')])).toBe(
      toHalalas(report.totalVat),
    );
    const docRows = rows.slice(1).filter((r) => r[col('رقم المستند')]);
    expect(docRows.length).toBe(report.documents);
    for (const r of docRows) {
      const want = numbers.get(String(r[col('رقم المستند')]));
      expect(want, String(r[col('رقم المستند')])).toBeDefined();
      expect(r[col('البند')]).toBe(want?.figure);
      expect(amount(r[col('الصافي')])).toBe(toHalalas(want?.net ?? '0'));
      expect(amount(r[col('ضريبة القيمة المضافة')])).toBe(toHalalas(want?.vat ?? '0'));
    }

    const csv = await get(`/api/report/vat/export?fileType=csv&${period}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // No commas in these names or numbers, so a plain split reads the file back.
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const csvDocs = lines.slice(1).filter((l) => l[1]);
    expect(csvDocs.length).toBe(report.documents);
    const totalLine = lines.find((l) => l[0] === vatReturnLabels.totalVat);
    expect(totalLine?.at(-1)).toBe(report.totalVat);
    const csvVat = csvDocs.reduce((s, l) => s + toHalalas(l.at(-1) as string), 0);
    expect(csvVat).toBe(toHalalas(report.totalVat));

    // The activity row is written once the download has finished.
    const summaries = async () =>
      (await t.db.select().from(activity).where(eq(activity.entity, 'report')))
        .map((a) => a.summary)
        .join('\n');
    await expect.poll(summaries).toContain(`${arabicPlural(report.documents, DOCUMENTS)} (CSV)`);
    expect(await summaries()).toContain(`${arabicPlural(report.documents, DOCUMENTS)} (XLSX)`);
  });

  it('prints the return to PDF with its Arabic figures', async () => {
    const text = pdfAnswerText(await get(`/api/report/vat/export?fileType=pdf&from=${to}&to=${to}`));
    expect(text).toContain('إجمالي ضريبة القيمة المضافة المستحقة');
    expect(text).toContain('المبيعات المعفاة');
  }, 60_000);
});
