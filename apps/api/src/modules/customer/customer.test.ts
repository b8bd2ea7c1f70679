import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { activity, customers } from '../../db/schema';
import { useTestApp } from '../../test/fixture';

let riyadhRegion: string;
let riyadh: string;
let jeddah: string;
const t = useTestApp();
beforeAll(async () => {
  const govs = (await t.get('/api/government?limit=0')).json().data;
  riyadhRegion = govs.find((g: { name: string }) => g.name === 'منطقة الرياض')._id;
  const cityList = (await t.get('/api/city?limit=0')).json().data;
  riyadh = cityList.find((c: { name: string }) => c.name === 'الرياض')._id;
  jeddah = cityList.find((c: { name: string }) => c.name === 'جدة')._id;
});

const create = (payload: Record<string, unknown>) => t.post('/api/customer', payload);
const search = async (q: string) =>
  (await t.get(`/api/customer?limit=0&search=${encodeURIComponent(q)}`))
    .json()
    .data.map((c: { name: string }) => c.name);

describe('customers', () => {
  it('creates a customer with Saudi data normalised, and logs it in the same transaction', async () => {
    const res = await create({
      name: 'أحمد بن سعيد',
      phoneNumber: '٠٥٥١٢٣٤٥٦٧',
      type: 'company',
      vatNumber: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣',
      crNumber: '1010101010',
      government: riyadhRegion,
      city: riyadh,
      postalCode: '12345',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      phoneNumber: '+966551234567',
      vatNumber: '300000000000003',
      city: riyadh,
    });
    const log = await t.db.select().from(activity).where(eq(activity.entityId, res.json()._id));
    expect(log.map((l) => l.action)).toEqual(['create']);
  });

  it('finds customers the way people type Arabic', async () => {
    for (const [name, phone] of [
      ['مكة للمقاولات', '0552000001'],
      ['مُحَمَّـــد العلي', '0552000002'],
      ['إيمان الحربي', '0552000003'],
    ]) {
      expect((await create({ name, phoneNumber: phone })).statusCode).toBe(201);
    }
    expect(await search('احمد')).toEqual(['أحمد بن سعيد']);
    expect(await search('مكه')).toEqual(['مكة للمقاولات']);
    expect(await search('محمد')).toEqual(['مُحَمَّـــد العلي']);
    expect(await search('ايمان')).toEqual(['إيمان الحربي']);
    expect(await search('٠٥٥٢٠٠٠٠٠٣')).toEqual(['إيمان الحربي']);
    expect(await search('+966552000002')).toEqual(['مُحَمَّـــد العلي']);
    expect(await search('٠٥٥')).toHaveLength(4);
  });

  it('refuses a duplicate phone with 409 naming the existing customer, and writes nothing', async () => {
    const [{ before }] = await t.db.select({ before: sql<number>`count(*)::int` }).from(customers);
    const res = await create({ name: 'شخص آخر', phoneNumber: '+966551234567' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('أحمد بن سعيد');
    expect(res.json().fieldErrors.phoneNumber).toBeTruthy();
    const [{ after }] = await t.db.select({ after: sql<number>`count(*)::int` }).from(customers);
    expect(after).toBe(before);
  });

  it('validates Saudi numbers with Arabic field errors', async () => {
    const res = await create({
      name: 'منشأة',
      phoneNumber: '0512',
      vatNumber: '123456789012345',
      crNumber: '12',
      postalCode: '1234',
      email: 'x@',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'crNumber',
      'email',
      'phoneNumber',
      'postalCode',
      'vatNumber',
    ]);
    expect(res.json().fieldErrors.vatNumber).toMatch(/15 رقماً/);
  });

  it('refuses a city outside the chosen region', async () => {
    const res = await create({
      name: 'عميل',
      phoneNumber: '0552999999',
      government: riyadhRegion,
      city: jeddah,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fieldErrors.city).toMatch(/لا تتبع/);
  });

  it('updates with before/after in the log, filters by city, and deletes', async () => {
    const created = (await create({ name: 'عميل للتعديل', phoneNumber: '0553000000' })).json();
    const updated = await t.put(`/api/customer/${created._id}`, {
      name: 'عميل معدل',
      phoneNumber: '0553000000',
      city: riyadh,
      government: riyadhRegion,
    });
    expect(updated.statusCode).toBe(200);
    const [log] = await t.db.select().from(activity).where(eq(activity.action, 'update'));
    expect(log.changes).toMatchObject({ before: { name: 'عميل للتعديل' }, after: { name: 'عميل معدل' } });
    const inRiyadh = (await t.get(`/api/customer?city=${riyadh}&limit=0`)).json();
    expect(inRiyadh.data.map((c: { name: string }) => c.name).sort()).toEqual(
      ['أحمد بن سعيد', 'عميل معدل'].sort(),
    );
    expect((await t.delete(`/api/customer/${created._id}`)).json().message).toContain('عميل معدل');
    expect((await t.get(`/api/customer/${created._id}`)).statusCode).toBe(404);
  });
});

describe('a partial edit changes only what it names', () => {
  it('a PUT of one field keeps every other field of a customer and a service', async () => {
    const put = (url: string, payload: object) => t.put(url, payload);
    const full = {
      name: 'شركة الاختبار الجزئي',
      type: 'company',
      phoneNumber: '0553000111',
      whatsappNumber: '0553000112',
      email: 'info@example.sa',
      vatNumber: '300000000000003',
      crNumber: '1010010000',
      government: riyadhRegion,
      city: riyadh,
      buildingNumber: '1234',
      street: 'طريق الملك فهد',
      district: 'العليا',
      postalCode: '12211',
      additionalNumber: '7788',
      notes: 'عميل مهم',
    };
    const customer = (await create(full)).json();
    const edited = await put(`/api/customer/${customer._id}`, { notes: 'ملاحظة جديدة' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      ...full,
      phoneNumber: '+966553000111',
      whatsappNumber: '+966553000112',
      notes: 'ملاحظة جديدة',
    });

    const service = (
      await t.post('/api/service', {
        name: 'خدمة جزئية',
        price: '10.00',
        description: 'وصف',
        unit: 'hour',
        vatCategory: 'Z',
        vatExemptionCode: 'VATEX-SA-33',
        active: false,
      })
    ).json();
    const priced = await put(`/api/service/${service._id}`, { price: '12.50' });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({
      price: '12.50',
      description: 'وصف',
      unit: 'hour',
      vatCategory: 'Z',
      vatExemptionCode: 'VATEX-SA-33',
      active: false,
    });
    // What is named is still checked as a whole: a category without its reason is refused.
    expect((await put(`/api/service/${service._id}`, { vatExemptionCode: '' })).statusCode).toBe(422);
  });
});

describe('references', () => {
  it('refuses to delete a region with cities, or a city with customers, with an Arabic reason', async () => {
    const gov = await t.delete(`/api/government/${riyadhRegion}`);
    expect(gov.statusCode).toBe(409);
    // In agreement with the feminine nouns: «لارتباطها», «غير موجودة».
    expect(gov.json().message).toMatch(/لا يمكن حذف المنطقة «منطقة الرياض» لارتباطها بـ \d+ من المدن/);
    const city = await t.delete(`/api/city/${riyadh}`);
    expect(city.statusCode).toBe(409);
    expect(city.json().message).toMatch(/لا يمكن حذف المدينة «.+» لارتباطها بـ \d+ من العملاء/);
    const missing = await t.get('/api/service/00000000-0000-4000-8000-000000000000');
    expect(missing.json().message).toBe('الخدمة غير موجودة');
    const missingCustomer = await t.get('/api/customer/00000000-0000-4000-8000-000000000000');
    expect(missingCustomer.json().message).toBe('العميل غير موجود');
  });

  it('bulk delete is all or nothing', async () => {
    const a = (await t.post('/api/government', { name: 'منطقة تجريبية أ' })).json();
    const b = (await t.post('/api/government', { name: 'منطقة تجريبية ب' })).json();
    const refused = await t.post('/api/government/bulk-delete', { ids: [a._id, riyadhRegion] });
    expect(refused.statusCode).toBe(409);
    expect((await t.get(`/api/government/${a._id}`)).statusCode).toBe(200);
    const ok = await t.post('/api/government/bulk-delete', { ids: [a._id, b._id] });
    expect(ok.statusCode).toBe(200);
    expect((await t.get(`/api/government/${b._id}`)).statusCode).toBe(404);
  });
});

describe('services and contracts', () => {
  it('keep money exact as two-place decimal strings', async () => {
    const res = await t.post('/api/service', { name: 'صيانة مكيف', price: '0.1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().price).toBe('0.10');
    const sum = await t.post('/api/contract', {
      name: 'عقد سنوي',
      durationMonths: 12,
      visits: 4,
      price: 1234.565,
    });
    // A part of a halala is refused, never rounded into another amount.
    expect(sum.statusCode).toBe(422);
    expect(sum.json().fieldErrors.price).toContain('منزلتين عشريتين');
    const exact = await t.post('/api/contract', {
      name: 'عقد سنوي',
      durationMonths: 12,
      visits: 4,
      price: 1234.56,
    });
    expect(exact.json().price).toBe('1234.56');
    const bad = await t.post('/api/contract', { name: 'عقد', durationMonths: 0, visits: -1, price: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['durationMonths', 'price', 'visits']);
    const dup = await t.post('/api/service', { name: 'صيانة مكيف', price: 5 });
    expect(dup.statusCode).toBe(409);
  });
});

describe('activity log', () => {
  it('lists changes newest first, filtered by entity, action and user, with activity:read only', async () => {
    const res = await t.get('/api/activity?entity=customer&action=create&limit=50');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.every(
          (a: { entity: string; action: string }) => a.entity === 'customer' && a.action === 'create',
        ),
    ).toBe(true);
    const employee = await t.userWith('employee');
    expect((await t.get('/api/activity', employee.token)).statusCode).toBe(403);
  });
});

describe('exports', () => {
  it('streams the filtered, sorted customer list as XLSX that reads back row by row, and logs it', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const res = await t.get(`/api/customer/export?fileType=xlsx&city=${riyadh}&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.views[0].rightToLeft).toBe(true);
    const header = (sheet.getRow(1).values as string[]).filter(Boolean);
    expect(header.slice(0, 3)).toEqual(['اسم العميل', 'النوع', 'رقم الجوال']);
    const list = (await t.get(`/api/customer?city=${riyadh}&sort=name&limit=0`)).json().data;
    expect(sheet.rowCount - 1).toBe(list.length);
    list.forEach((c: { name: string; phoneNumber: string }, i: number) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(c.name);
      expect(row.getCell(3).value).toBe(`0${c.phoneNumber.slice(4)}`);
    });
    // Logged once the file has gone out.
    await vi.waitFor(async () => {
      const [log] = await t.db.select().from(activity).where(eq(activity.action, 'export'));
      expect(log?.summary).toMatch(/تصدير \d+ من العملاء \(XLSX\)/);
    });
  });

  it('writes CSV with a BOM, neutralises formula cells, and refuses unknown file types', async () => {
    await create({ name: '=HYPERLINK("http://x")', phoneNumber: '0554000000' });
    const res = await t.get('/api/customer/export?fileType=csv&search=HYPERLINK');
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    const bad = await t.get('/api/customer/export?fileType=exe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/نوع الملف/);
  });
});

describe('PDF export', () => {
  it('renders the customer list as an A4 PDF with an Arabic file name', async () => {
    const res = await t.get('/api/customer/export?fileType=pdf&sort=name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''.+\.pdf$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);
    // PDF is offered for customers only; other lists answer 400
    expect((await t.get('/api/service/export?fileType=pdf')).statusCode).toBe(400);
  });
});
