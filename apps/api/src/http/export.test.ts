import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as tick } from 'node:timers/promises';
import { formatHijriDate, riyadhParts } from '@idara/domain';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, registerErrorHandling } from './errors';
import {
  type ExportColumn,
  type ExportRequest,
  neutralizeFormula,
  parseFileType,
  sendExport,
} from './export';

type Row = Record<string, unknown>;

const columns: ExportColumn[] = [
  { key: 'name', header: 'الاسم' },
  { key: 'count', header: 'العدد', type: 'number' },
  { key: 'amount', header: 'المبلغ', type: 'money' },
  { key: 'createdAt', header: 'تاريخ الإنشاء', type: 'datetime' },
  { key: 'dueOn', header: 'تاريخ الاستحقاق', type: 'date' },
  { key: 'active', header: 'نشط', type: 'boolean' },
  { key: 'city', header: 'المدينة', width: 30, value: (row) => (row.city as { name: string } | null)?.name },
];

const HEADERS = [
  'الاسم',
  'العدد',
  'المبلغ',
  'تاريخ الإنشاء',
  'تاريخ الإنشاء (هجري)',
  'تاريخ الاستحقاق',
  'تاريخ الاستحقاق (هجري)',
  'نشط',
  'المدينة',
];

// 09:30 UTC is 12:30 in Riyadh; 22:15 UTC on the 21st is already the 22nd in Riyadh.
const rows: Row[] = [
  {
    name: 'مؤسسة النور، للتجارة',
    count: 3,
    amount: '1250.50',
    createdAt: new Date('2026-11-21T09:30:00Z'),
    dueOn: '2026-12-01',
    active: true,
    city: { name: 'الرياض' },
  },
  {
    name: 'قال "مرحبا"\nسطر ثان',
    count: -2,
    amount: '-0.05',
    createdAt: '2026-11-21T22:15:00Z',
    dueOn: null,
    active: false,
    city: null,
  },
];

async function* paged(all: Row[], pageSize = 1000): AsyncGenerator<Row> {
  for (let i = 0; i < all.length; i += pageSize) {
    await tick(); // a page query
    yield* all.slice(i, i + pageSize);
  }
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A tiny app with one export route; `make` builds the request from the parsed file type. */
async function exportApp(make: (fileType: 'xlsx' | 'csv') => Omit<ExportRequest, 'fileType'>) {
  const logs: { level: number; msg: string }[] = [];
  const stream = { write: (line: string) => logs.push(JSON.parse(line)) };
  app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandling(app);
  const written: number[] = [];
  const failures: unknown[] = [];
  app.get('/export', async (request, reply) => {
    const fileType = parseFileType(request.query as Record<string, unknown>);
    try {
      written.push(await sendExport(reply, { fileType, ...make(fileType) }));
    } catch (err) {
      failures.push(err);
      throw err;
    }
    return reply;
  });
  await app.ready();
  return { app, written, failures, logs };
}

const simple = () => ({ fileName: 'العملاء', title: 'العملاء', columns, rows: paged(rows) });

async function readXlsx(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

/** RFC 4180: fields separated by commas, records by CRLF, quoted fields may hold anything. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (text[i] === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else field += text[i++];
  }
  if (field !== '' || record.length) records.push([...record, field]);
  return records;
}

function csvOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parseCsv(body.slice(1));
}

describe('xlsx export', () => {
  it('writes a right-to-left sheet with typed cells and Hijri columns', async () => {
    const { app, written } = await exportApp(simple);
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    await vi.waitFor(() => expect(written).toEqual([2]));

    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.name).toBe('العملاء');
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const headerCell = sheet.getCell('A1');
    expect(headerCell.font?.bold).toBe(true);
    expect(headerCell.fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    expect(headerCell.border?.bottom?.style).toBe('thin');
    expect(sheet.getColumn(1).width).toBe(24);
    expect(sheet.getColumn(3).width).toBe(16);
    expect(sheet.getColumn(4).width).toBe(20);
    expect(sheet.getColumn(5).width).toBe(24); // 'تاريخ الإنشاء (هجري)' + 4
    expect(sheet.getColumn(9).width).toBe(30);
    expect(sheet.rowCount).toBe(3);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('مؤسسة النور، للتجارة');
    expect(first.getCell(2).value).toBe(3);
    expect(first.getCell(3).value).toBe(1250.5);
    expect(first.getCell(3).numFmt).toBe('#,##0.00');
    const created = first.getCell(4);
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect((created.value as Date).toISOString()).toBe('2026-11-21T12:30:00.000Z');
    expect(created.numFmt).toBe('yyyy/mm/dd hh:mm');
    expect(first.getCell(5).value).toBe(formatHijriDate('2026-11-21T09:30:00Z'));
    expect(first.getCell(5).value).toMatch(/^\d+ .+ \d{4} هـ$/);
    expect((first.getCell(6).value as Date).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(first.getCell(6).numFmt).toBe('yyyy/mm/dd');
    expect(first.getCell(7).value).toBe(formatHijriDate('2026-12-01T12:00:00Z'));
    expect(first.getCell(8).value).toBe('نعم');
    expect(first.getCell(9).value).toBe('الرياض');

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe('قال "مرحبا"\nسطر ثان');
    expect(second.getCell(2).value).toBe(-2);
    expect(second.getCell(3).value).toBe(-0.05);
    expect((second.getCell(4).value as Date).toISOString()).toBe('2026-11-22T01:15:00.000Z');
    expect(second.getCell(5).value).toBe(formatHijriDate('2026-11-21T22:15:00Z'));
    expect(second.getCell(6).value).toBeNull();
    expect(second.getCell(7).value).toBeNull();
    expect(second.getCell(8).value).toBe('لا');
    expect(second.getCell(9).value).toBeNull();
  });

  it('streams 20,000 rows pulled in pages of 1,000', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({
      name: `عميل ${i}`,
      count: i,
      amount: `${i}.25`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      dueOn: '2026-06-30',
      active: i % 2 === 0,
      city: { name: 'جدة' },
    }));
    const { app, written } = await exportApp(() => ({ ...simple(), rows: paged(many) }));
    const res = await app.inject({ method: 'GET', url: '/export?fileType=xlsx' });
    await vi.waitFor(() => expect(written).toEqual([20_000]));
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).getCell(1).value).toBe('عميل 19999');
    expect(sheet.getRow(20_001).getCell(3).value).toBe(19999.25);
    const last = new Date(Date.UTC(2026, 0, 1) + 19_999 * 60_000);
    const p = riyadhParts(last);
    expect(sheet.getRow(20_001).getCell(4).value).toEqual(
      new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute)),
    );
    expect(sheet.getRow(20_001).getCell(5).value).toBe(formatHijriDate(last));

    const csv = await app.inject({ method: 'GET', url: '/export?fileType=csv' });
    const records = csvOf(csv.body);
    expect(records).toHaveLength(20_001);
    expect(records[20_000].slice(0, 3)).toEqual(['عميل 19999', '19999', '19999.25']);
  });
});

describe('csv export', () => {
  it('writes a BOM, CRLF records, RFC 4180 quoting and the same columns', async () => {
    const { app, written } = await exportApp(simple);
    const res = await app.inject({ method: 'GET', url: '/export?fileType=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    await vi.waitFor(() => expect(written).toEqual([2]));
    expect(res.body).toContain('\r\n');
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body).toContain('\r\nمؤسسة النور، للتجارة,3,'); // the Arabic comma needs no quotes
    expect(res.body).toContain('"قال ""مرحبا""\nسطر ثان"');

    const records = csvOf(res.body);
    expect(records).toEqual([
      HEADERS,
      [
        'مؤسسة النور، للتجارة',
        '3',
        '1250.50',
        '2026/11/21 12:30',
        formatHijriDate('2026-11-21T09:30:00Z'),
        '2026/12/01',
        formatHijriDate('2026-12-01T12:00:00Z'),
        'نعم',
        'الرياض',
      ],
      [
        'قال "مرحبا"\nسطر ثان',
        '-2',
        '-0.05',
        '2026/11/22 01:15',
        formatHijriDate('2026-11-21T22:15:00Z'),
        '',
        '',
        'لا',
        '',
      ],
    ]);
  });

  it('quotes commas, quotes and line breaks', async () => {
    const tricky = ['a,b', 'say "hi"', 'line\r\nbreak', 'plain'];
    const { app } = await exportApp(() => ({
      ...simple(),
      columns: [{ key: 'v', header: 'قيمة, "مقتبسة"' }],
      rows: paged(tricky.map((v) => ({ v }))),
    }));
    const res = await app.inject({ method: 'GET', url: '/export?fileType=csv' });
    expect(res.body).toBe(
      '\uFEFF"قيمة, ""مقتبسة"""\r\n"a,b"\r\n"say ""hi"""\r\n"line\r\nbreak"\r\nplain\r\n',
    );
    expect(csvOf(res.body)).toEqual([['قيمة, "مقتبسة"'], ...tricky.map((v) => [v])]);
  });
});

describe('formula injection', () => {
  const dangerous = ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx'];
  const injection = () => ({
    ...simple(),
    columns: [
      { key: 'text', header: 'نص' },
      { key: 'n', header: 'رقم', type: 'number' as const },
    ],
    rows: paged(dangerous.map((text) => ({ text, n: -2 }))),
  });

  it('neutralizeFormula prefixes an apostrophe only where needed', () => {
    for (const s of dangerous) expect(neutralizeFormula(s)).toBe(`'${s}`);
    expect(neutralizeFormula('عميل')).toBe('عميل');
    expect(neutralizeFormula('12')).toBe('12');
    expect(neutralizeFormula('a=b')).toBe('a=b');
  });

  it('keeps formula-like text as text cells in xlsx, as written (no visible apostrophe)', async () => {
    const { app } = await exportApp(injection);
    const sheet = await readXlsx((await app.inject({ method: 'GET', url: '/export' })).rawPayload);
    dangerous.forEach((s, i) => {
      const row = sheet.getRow(i + 2);
      // A string cell: a spreadsheet shows it and never evaluates it.
      expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(1).formula).toBeUndefined();
      // XML turns a bare CR into LF when read.
      expect(row.getCell(1).value).toBe(s.replace('\r', '\n'));
      expect(row.getCell(2).value).toBe(-2);
    });
  });

  it('neutralises text fields in csv while real numbers stay numbers', async () => {
    const { app } = await exportApp(injection);
    const res = await app.inject({ method: 'GET', url: '/export?fileType=csv' });
    expect(csvOf(res.body).slice(1)).toEqual(dangerous.map((s) => [`'${s}`, '-2']));
  });
});

describe('file name and file type', () => {
  it('sends an ASCII fallback and the RFC 5987 encoded Arabic name', async () => {
    const { app } = await exportApp(simple);
    const res = await app.inject({ method: 'GET', url: '/export?fileType=csv' });
    const disposition = String(res.headers['content-disposition']);
    const m = /^attachment; filename="export-(\d{4}-\d{2}-\d{2})\.csv"; filename\*=UTF-8''(\S+)$/.exec(
      disposition,
    );
    expect(m).not.toBeNull();
    expect(m![2]).toMatch(/^[A-Za-z0-9%._~!-]+$/);
    expect(decodeURIComponent(m![2])).toBe(`العملاء-${m![1]}.csv`);
  });

  it('keeps Latin letters in the fallback and encodes characters RFC 5987 reserves', async () => {
    const { app } = await exportApp(() => ({ ...simple(), fileName: 'Orders (طلبات)' }));
    const res = await app.inject({ method: 'GET', url: '/export' });
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/filename="Orders-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(disposition).toContain("filename*=UTF-8''Orders%20%28");
  });

  it('parseFileType defaults to xlsx and refuses anything not offered', () => {
    expect(parseFileType({})).toBe('xlsx');
    expect(parseFileType({ fileType: 'CSV' })).toBe('csv');
    expect(parseFileType({ fileType: 'pdf' }, ['xlsx', 'csv', 'pdf'])).toBe('pdf');
    for (const fileType of ['pdf', 'exe', 'xls']) {
      try {
        parseFileType({ fileType });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).statusCode).toBe(400);
        expect((err as AppError).message).toMatch(/^نوع الملف غير مدعوم/);
      }
    }
  });

  it('answers a refused file type with the usual JSON error', async () => {
    const { app } = await exportApp(simple);
    const res = await app.inject({ method: 'GET', url: '/export?fileType=exe' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toMatch(/^نوع الملف غير مدعوم/);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});

describe('failures', () => {
  it('an error in the first page is an ordinary JSON error', async () => {
    const { app } = await exportApp(() => ({
      ...simple(),
      // biome-ignore lint/correctness/useYield: fails before the first row
      rows: (async function* () {
        throw new AppError(400, 'قيمة المرشح غير صحيحة');
      })(),
    }));
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'قيمة المرشح غير صحيحة' });
  });

  it('an error after streaming began cuts the download and rejects', async () => {
    for (const fileType of ['csv', 'xlsx']) {
      let closed = false;
      async function* failing() {
        try {
          yield* paged(Array.from({ length: 3000 }, () => rows[0]));
          throw new Error('database went away');
        } finally {
          closed = true;
        }
      }
      const { app, written, failures, logs } = await exportApp(() => ({ ...simple(), rows: failing() }));
      // The client sees a cut connection, not a short file it could take for the whole export.
      await expect(app.inject({ method: 'GET', url: `/export?fileType=${fileType}` })).rejects.toMatchObject({
        code: 'LIGHT_ECONNRESET',
      });
      await vi.waitFor(() => expect(failures).toHaveLength(1));
      expect((failures[0] as Error).message).toBe('database went away');
      expect(written).toEqual([]);
      expect(closed).toBe(true);
      expect(logs.some((l) => l.level === 50 && l.msg === 'export failed after streaming began')).toBe(true);
      await app.close();
    }
  });

  it('stops pulling rows when the client disconnects', async () => {
    let pulled = 0;
    let closed = false;
    async function* endless() {
      try {
        for (let page = 0; page < 1000; page++) {
          await tick();
          for (let i = 0; i < 1000; i++) {
            pulled++;
            yield rows[0];
          }
        }
      } finally {
        closed = true;
      }
    }
    for (const fileType of ['csv', 'xlsx']) {
      pulled = 0;
      closed = false;
      const { app, written } = await exportApp(() => ({ ...simple(), rows: endless() }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`http://127.0.0.1:${port}/export?fileType=${fileType}`, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => {});
        setTimeout(() => reject(new Error('no data')), 5000);
      });
      const start = Date.now();
      while (!closed && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 20));
      expect(closed).toBe(true);
      expect(pulled).toBeLessThan(200_000);
      const settled = Date.now();
      while (!written.length && Date.now() - settled < 2000) await new Promise((r) => setTimeout(r, 20));
      expect(written[0]).toBeLessThanOrEqual(pulled);
      await app.close();
    }
  });

  it('waits for a slow client instead of pulling every row (csv backpressure)', async () => {
    let pulled = 0;
    const total = 400_000;
    async function* counted() {
      for (let page = 0; page < total / 1000; page++) {
        await tick();
        for (let i = 0; i < 1000; i++) {
          pulled++;
          yield rows[0];
        }
      }
    }
    const { app, written } = await exportApp(() => ({ ...simple(), rows: counted() }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const req = http.get(`http://127.0.0.1:${port}/export?fileType=csv`, (res) => res.pause());
    req.on('error', () => {});
    try {
      // The client reads nothing, so once the socket's buffers are full the export must stop pulling
      // rows: wait until the count holds still (however long a busy machine takes to fill them), then
      // it must have stopped well before the end instead of buffering the whole export in memory.
      await vi.waitFor(
        async () => {
          const before = pulled;
          await new Promise((r) => setTimeout(r, 300));
          expect(pulled).toBeGreaterThan(0);
          expect(pulled).toBe(before);
        },
        { timeout: 30_000, interval: 10 },
      );
      expect(pulled).toBeLessThan(total / 2);
    } finally {
      req.destroy();
    }
    await vi.waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toBeLessThan(total / 2);
  });
});
