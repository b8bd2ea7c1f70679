import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema';
import { useTestApp } from '../../test/fixture';

/** The equipment register: a reference (the customer) and calendar days, end to end through the API. */
let sara: { _id: string; name: string };
let omar: { _id: string; name: string };
const serial = () => `SN-${Math.floor(Math.random() * 1e9)}`;

const t = useTestApp();
beforeAll(async () => {
  const customer = async (name: string) =>
    (
      await t.post('/api/customer', {
        name,
        phoneNumber: `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      })
    ).json();
  sara = await customer('سارة القحطاني');
  omar = await customer('عمر الزهراني');
});

const create = (payload: Record<string, unknown>, token = t.admin) =>
  t.post('/api/equipment', payload, token);
const list = async (query: string) => {
  const res = await t.get(`/api/equipment?limit=0&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { name: string; customerName: string; installedAt: string | null }[] };
};

describe('equipment', () => {
  it('creates one with its customer named in every answer, logged in the same transaction', async () => {
    const res = await create({
      name: 'مكيف سبليت كارير',
      serialNumber: serial(),
      customer: sara._id,
      model: '42QHC018',
      installedAt: '٢٠٢٦-٠٣-١٥',
      warrantyUntil: '2028-03-14',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      customer: sara._id,
      customerName: 'سارة القحطاني',
      installedAt: '2026-03-15',
      warrantyUntil: '2028-03-14',
      notes: '',
    });
    const details = await t.get(`/api/equipment/${created._id}`);
    expect(details.json()).toMatchObject({ customerName: 'سارة القحطاني', installedAt: '2026-03-15' });
    const log = await t.db.select().from(activity).where(eq(activity.entityId, created._id));
    expect(log.map((l) => [l.action, l.summary])).toEqual([
      ['create', `إضافة المعدّة «مكيف سبليت كارير (${created.serialNumber})»`],
    ]);
  });

  it('refuses a customer that does not exist, an impossible day and a warranty before installation, in Arabic', async () => {
    const missing = await create({ name: 'مضخة', serialNumber: serial(), customer: crypto.randomUUID() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fieldErrors).toEqual({ customer: 'العميل المختار غير موجود' });

    const noCustomer = await create({ name: 'مضخة', serialNumber: serial() });
    expect(noCustomer.statusCode).toBe(422);
    expect(noCustomer.json().fieldErrors.customer).toBe('اختر العميل');

    for (const day of ['2026-02-30', '2026-13-01', '15/03/2026', '2026-03-15T10:00:00Z']) {
      const bad = await create({
        name: 'مضخة',
        serialNumber: serial(),
        customer: sara._id,
        installedAt: day,
      });
      expect(bad.statusCode, day).toBe(422);
      expect(bad.json().fieldErrors.installedAt, day).toBe('تاريخ التركيب غير صحيح');
    }
    const early = await create({
      name: 'مضخة',
      serialNumber: serial(),
      customer: sara._id,
      installedAt: '2026-05-01',
      warrantyUntil: '2026-04-30',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().fieldErrors.warrantyUntil).toBe('نهاية الضمان قبل تاريخ التركيب');
  });

  it('a serial number belongs to one piece (409 naming it and its customer)', async () => {
    const sn = serial();
    expect((await create({ name: 'سخان', serialNumber: sn, customer: sara._id })).statusCode).toBe(201);
    const again = await create({ name: 'سخان آخر', serialNumber: sn, customer: omar._id });
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors.serialNumber).toBe(
      'الرقم التسلسلي مسجل مسبقاً للمعدّة «سخان» لدى «سارة القحطاني»',
    );
  });

  it('filters by customer and by an inclusive range of installation days; searches in Arabic', async () => {
    for (const [name, day, who] of [
      ['ثلاجة عرض', '2026-06-01', omar],
      ['غسالة أطباق', '2026-06-30', omar],
      ['فرن صناعي', '2026-07-01', omar],
    ] as const)
      expect(
        (await create({ name, serialNumber: serial(), customer: who._id, installedAt: day })).statusCode,
      ).toBe(201);

    const june = await list(`customer=${omar._id}&installedAtFrom=2026-06-01&installedAtTo=2026-06-30`);
    expect(june.data.map((e) => e.name).sort()).toEqual(['ثلاجة عرض', 'غسالة أطباق'].sort());
    expect(june.data.every((e) => e.customerName === 'عمر الزهراني')).toBe(true);

    const day = await list('installedAt=2026-07-01');
    expect(day.data.map((e) => e.name)).toEqual(['فرن صناعي']);

    const found = await list(`search=${encodeURIComponent('اطباق')}`);
    expect(found.data.map((e) => e.name)).toEqual(['غسالة أطباق']);

    const wrong = await t.get('/api/equipment?installedAtFrom=2026-02-30');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('قيمة المرشح «installedAt» ليست يوماً صحيحاً');
  });

  it('a partial edit keeps what it does not name; moving it to another customer renames it in the answer', async () => {
    const sn = serial();
    const made = (
      await create({
        name: 'مكيف شباك',
        serialNumber: sn,
        customer: sara._id,
        installedAt: '2025-01-10',
        notes: 'الطابق الثاني',
      })
    ).json();
    const res = await t.put(`/api/equipment/${made._id}`, { customer: omar._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      customer: omar._id,
      customerName: 'عمر الزهراني',
      installedAt: '2025-01-10',
      notes: 'الطابق الثاني',
      serialNumber: sn,
      version: 2,
    });
  });

  it('a customer with equipment cannot be deleted (409 naming it); once the equipment is gone, they can', async () => {
    const lone = (await t.post('/api/customer', { name: 'نورة العتيبي', phoneNumber: '0557776655' })).json();
    const piece = (await create({ name: 'مولد كهرباء', serialNumber: serial(), customer: lone._id })).json();
    const refused = await t.delete(`/api/customer/${lone._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('لا يمكن حذف العميل «نورة العتيبي» لارتباطه بـ 1 من المعدات');
    const bulk = await t.post('/api/customer/bulk-delete', { ids: [lone._id] });
    expect(bulk.statusCode).toBe(409);

    const gone = await t.delete(`/api/equipment/${piece._id}`);
    expect(gone.json().message).toBe(`تم حذف المعدّة «مولد كهرباء (${piece.serialNumber})»`);
    expect((await t.delete(`/api/customer/${lone._id}`)).statusCode).toBe(200);
  });

  it('exports with the customer name and each day beside its Hijri date', async () => {
    const res = await t.get(
      `/api/equipment/export?fileType=csv&customer=${omar._id}&installedAtFrom=2026-06-01&installedAtTo=2026-06-01`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [header, row] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('العميل');
    expect(header).toContain('تاريخ التركيب (هجري)');
    expect(row).toContain('ثلاجة عرض');
    expect(row).toContain('عمر الزهراني');
    expect(row).toContain('2026/06/01,15 ذو الحجة 1447 هـ');
  });

  it('is guarded by its own permissions; the front office manages it but cannot delete', async () => {
    const { token } = await t.userWith('employee');
    const made = await create({ name: 'مكيف مركزي', serialNumber: serial(), customer: sara._id }, token);
    expect(made.statusCode).toBe(201);
    const del = await t.delete(`/api/equipment/${made.json()._id}`, token);
    expect(del.statusCode).toBe(403);
    const { token: none } = await t.userWith('technician');
    expect((await t.get('/api/equipment', none)).statusCode).toBe(403);
  });
});
