import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, customers } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { multipartFile } from '../../test/harness';

const t = useTestApp();
beforeAll(async () => {
  await t.post('/api/customer', { name: 'عميل موجود', phoneNumber: '0559000000' });
});

const upload = (
  fileName: string,
  content: Buffer | string,
  dryRun: boolean,
  token = t.admin,
  type = 'text/csv',
) =>
  t.inject({
    method: 'POST',
    url: `/api/customer/import${dryRun ? '?dryRun=true' : ''}`,
    token,
    ...multipartFile(fileName, content, type),
  });

const csv = [
  '\uFEFFاسم العميل,رقم الجوال,النوع,المدينة,الرقم الضريبي',
  'سالم العتيبي,0551110001,فرد,الرياض,',
  '"مؤسسة النور، للتجارة",+966551110002,منشأة,جدة,300000000000003',
  'رقم خاطئ,12345,فرد,,',
  'مكرر,0551110001,فرد,,',
  'موجود,0559000000,فرد,,',
  'مدينة مجهولة,0551110006,فرد,أتلانتس,',
  'ضريبة خاطئة,0551110007,منشأة,,123',
].join('\r\n');

describe('customer import', () => {
  it('previews every row with Arabic reasons and writes nothing', async () => {
    const res = await upload('عملاء.csv', csv, true);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 7, valid: 2, invalid: 5 });
    const errorsOf = (line: number) =>
      body.rows.find((r: { line: number }) => r.line === line).errors.join(' | ');
    expect(errorsOf(2)).toBe('');
    expect(errorsOf(4)).toMatch(/رقم الجوال غير صحيح/);
    expect(errorsOf(5)).toMatch(/مكرر في الملف \(الصف 2\)/);
    expect(errorsOf(6)).toMatch(/مسجل مسبقاً للعميل «عميل موجود»/);
    expect(errorsOf(7)).toMatch(/المدينة «أتلانتس» غير موجودة/);
    expect(errorsOf(8)).toMatch(/الرقم الضريبي/);
    const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(customers);
    expect(n).toBe(1);
  });

  it('imports the valid rows in one go, reports the skipped ones, logs the import and raises the event', async () => {
    const events: unknown[] = [];
    t.app.events.on('records.imported', (e) => events.push(e));
    const res = await upload('عملاء.csv', csv, false);
    expect(events).toEqual([
      expect.objectContaining({ entity: 'customer', count: 2, skipped: 5, fileName: 'عملاء.csv' }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 2 });
    expect(res.json().skipped.map((s: { line: number }) => s.line)).toEqual([4, 5, 6, 7, 8]);
    const found = (await t.get(`/api/customer?search=${encodeURIComponent('النور')}`)).json();
    expect(found.data[0]).toMatchObject({
      name: 'مؤسسة النور، للتجارة',
      type: 'company',
      vatNumber: '300000000000003',
    });
    const [log] = await t.db.select().from(activity).where(eq(activity.action, 'import'));
    expect(log.summary).toMatch(/استيراد عميلين .*وتخطي 5 صفوف/);
  });

  it('reads back its own XLSX export (every row now a known phone)', async () => {
    const exported = await t.get('/api/customer/export?fileType=xlsx');
    const res = await upload(
      'العملاء.xlsx',
      exported.rawPayload,
      true,
      t.admin,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    for (const row of res.json().rows) expect(row.errors.join()).toMatch(/مسجل مسبقاً/);
  });

  it('round-trips formula-like names through XLSX as written, and phone numbers through CSV', async () => {
    const made = await t.post('/api/customer', { name: '=SUM(1,2)', phoneNumber: '0551234999' });
    expect(made.statusCode).toBe(201);
    const xlsx = await t.get('/api/customer/export?fileType=xlsx');
    const back = await upload(
      'العملاء.xlsx',
      xlsx.rawPayload,
      true,
      t.admin,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(back.json().rows.map((r: { name: string }) => r.name)).toContain('=SUM(1,2)');

    // CSV: the phone as Excel keeps it (="0551234999"), read back as the number; the formula-like
    // name keeps CSV's protective apostrophe (CSV has no text cells).
    const csvFile = await t.get('/api/customer/export?fileType=csv');
    expect(csvFile.body).toContain(',"=""0551234999""",'); // the field ="0551234999", quoted per RFC 4180
    expect(csvFile.body).toContain("'=SUM(1,2)");
    const fromCsv = (await upload('العملاء.csv', csvFile.body, true)).json();
    const row = fromCsv.rows.find((r: { name: string }) => r.name === "'=SUM(1,2)");
    expect(row.errors.join()).toMatch(/مسجل مسبقاً/); // the same phone, recognised
  });

  it('refuses other file types, files without the needed columns, and users without customer:create', async () => {
    expect((await upload('x.exe', 'MZ', true)).statusCode).toBe(400);
    const noColumns = await upload('x.csv', 'a,b\r\n1,2', true);
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().message).toMatch(/اسم العميل/);
    const employee = await t.userWith('technician');
    expect((await upload('x.csv', csv, true, employee.token)).statusCode).toBe(403);
  });
});
