import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { activity, customers } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { multipartFile } from '../../test/harness';
import { buildZip, sheetXml, xlsxSkeleton } from '../../test/zip';
import { MAX_IMPORT_ROWS } from './import';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

const t = useTestApp();

const upload = (fileName: string, content: Buffer | string, type = XLSX) =>
  t.inject({
    method: 'POST',
    url: '/api/customer/import',
    token: t.admin,
    ...multipartFile(fileName, content, type),
  });

async function nothingWritten<T>(run: () => Promise<T>): Promise<T> {
  const count = async () => {
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(customers);
    const [{ logs }] = await t.db
      .select({ logs: sql<number>`count(*)::int` })
      .from(activity)
      .where(eq(activity.action, 'import'));
    return { n, logs };
  };
  const before = await count();
  const result = await run();
  expect(await count()).toEqual(before);
  return result;
}

/** 200,000 rows written by exceljs's streaming writer, a few megabytes once zipped. */
async function bigWorkbook(rows: number) {
  const out = new PassThrough();
  const done = buffer(out);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('العملاء');
  sheet.addRow(['اسم العميل', 'رقم الجوال']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(['عميل', 550_000_000 + i]).commit();
  sheet.commit();
  await book.commit();
  return done;
}

describe('spreadsheet import limits', () => {
  it('a hand-built XLSX within the limits is read (the zips below differ only in size)', async () => {
    const file = await buildZip([
      ...xlsxSkeleton,
      {
        name: 'xl/worksheets/sheet1.xml',
        data: sheetXml([
          ['اسم العميل', 'رقم الجوال'],
          ['عميل من ملف يدوي', '0551234567'],
        ]),
      },
    ]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/customer/import?dryRun=true',
      token: t.admin,
      ...multipartFile('يدوي.xlsx', file, XLSX),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, valid: 1 });
  });

  it(`refuses 200,000 rows with an Arabic 400 naming the ${MAX_IMPORT_ROWS}-row limit, writes nothing, and the server stays responsive`, async () => {
    const file = await bigWorkbook(200_000);
    expect(file.length).toBeLessThan(5 * MB); // within the upload limit: the rows are what is refused

    const delay = monitorEventLoopDelay({ resolution: 10 });
    let importFinished = false;
    const healthWhileImporting: number[] = [];
    const res = await nothingWritten(async () => {
      delay.enable();
      const importing = upload('كبير.xlsx', file).finally(() => {
        importFinished = true;
      });
      // The health check keeps answering while the file is read.
      while (!importFinished) {
        const health = await t.inject({ method: 'GET', url: '/api/health' });
        if (!importFinished) healthWhileImporting.push(health.statusCode);
      }
      const answer = await importing;
      delay.disable();
      return answer;
    });
    expect(healthWhileImporting.length).toBeGreaterThan(0);
    expect(healthWhileImporting.every((s) => s === 200)).toBe(true);
    // Reading 200,000 rows on the main thread blocked it over a second; on a worker, tens of milliseconds.
    expect(delay.max / 1e6).toBeLessThan(500);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`أكثر من ${MAX_IMPORT_ROWS} صف`);
  });

  it('refuses a zip bomb by its declared sizes, before inflating it', async () => {
    // 300 MB of one repeated row, about 300 KB compressed: the headers tell the truth.
    const bomb = await buildZip([
      ...xlsxSkeleton,
      { name: 'xl/worksheets/sheet1.xml', repeat: { chunk: ' '.repeat(MB), times: 300 } },
    ]);
    expect(bomb.length).toBeLessThan(2 * MB);
    const res = await nothingWritten(() => upload('قنبلة.xlsx', bomb));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/بعد فك ضغطه أكبر من 64 ميغابايت/);
  });

  it('refuses a zip bomb whose headers lie about its sizes, by counting while inflating', async () => {
    const lying = await buildZip([
      ...xlsxSkeleton,
      {
        name: 'xl/sharedStrings.xml',
        repeat: { chunk: ' '.repeat(MB), times: 300 },
        declaredSize: 1000,
      },
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml([['اسم العميل', 'رقم الجوال']]) },
    ]);
    const res = await nothingWritten(() => upload('قنبلة-كاذبة.xlsx', lying));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/بعد فك ضغطه/);
  });

  it(`stops a CSV at the row limit with the same Arabic 400`, async () => {
    const lines = ['اسم العميل,رقم الجوال'];
    for (let i = 0; i <= MAX_IMPORT_ROWS; i++) lines.push(`عميل ${i},05${String(40_000_000 + i)}`);
    const res = await nothingWritten(() => upload('كبير.csv', lines.join('\r\n'), 'text/csv'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`أكثر من ${MAX_IMPORT_ROWS} صف`);
  });

  it('answers a file that is not a zip at all with an Arabic 400', async () => {
    const res = await nothingWritten(() => upload('ليس-ملفاً.xlsx', Buffer.from('this is not a zip')));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/تعذرت قراءة ملف Excel/);
  });
});
