import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, messages } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { pdfAnswerText } from '../../test/pdf-to-text';

/**
 * GET /api/report/visits and its export on visits booked through the API: the months of the period
 * (the empty ones too in the export), done and missed, the overdue ones, each technician's booked
 * hours against the period's working hours (Fridays and the settings' holidays left out) — an idle
 * technician included, a stopped one not.
 */

const t = useTestApp();
const { get, post, put } = t;
const phone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const period = 'from=2031-04-20&to=2031-06-30';
let salem: { _id: string };
let layla: { _id: string };
let nayef: { _id: string };
let stopped: { _id: string };

beforeAll(async () => {
  const user = async (name: string, role: string, active = true) => {
    const res = await post('/api/user', { name, phoneNumber: phone(), role, password: 'Passw0rd!x', active });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  salem = await user('سالم الفني', 'technician');
  layla = await user('ليلى الموظفة', 'employee');
  nayef = await user('نايف الفني', 'technician');
  stopped = await user('فهد الموقوف', 'technician', false);
  // A holiday inside the period: one working day fewer.
  expect((await put('/api/settings', { holidays: ['2031-05-14'] })).statusCode).toBe(200);
  const customer = (await post('/api/customer', { name: 'مجمع الريم', phoneNumber: phone() })).json();
  const book = async (at: string, minutes: number, assignees: string[], steps: string[] = []) => {
    const res = await post('/api/visit', {
      customer: customer._id,
      scheduledAt: `${at}:00+03:00`,
      durationMinutes: minutes,
      assignees,
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const status of steps)
      expect((await post(`/api/visit/${res.json()._id}/status`, { status })).statusCode).toBe(200);
  };
  await book('2031-04-22T09:00', 90, [salem._id], ['done']);
  await book('2031-04-23T09:00', 60, [salem._id], ['missed']);
  await book('2031-05-05T10:00', 120, [layla._id, salem._id]);
  await book('2031-05-06T10:00', 60, [], ['cancelled']);
  await book('2031-07-01T10:00', 60, [nayef._id]);
  // A past period: its open visit is overdue, its done one is not.
  await book('2025-03-10T09:00', 60, []);
  await book('2025-03-11T09:00', 60, [], ['done']);
});

/** 2031-04-20 … 2031-05-31: 42 days less six Fridays and the holiday, eight hours each. */
const AVAILABLE = 35 * 8 * 60;

describe('GET /api/report/visits', () => {
  it('counts each month’s visits due, done and missed, and sets booked hours against the working hours', async () => {
    const res = await get('/api/report/visits?from=2031-04-20&to=2031-05-31');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.months).toEqual([
      { month: '2031-04', due: 2, done: 1, missed: 1 },
      // The cancelled visit is not due.
      { month: '2031-05', due: 1, done: 0, missed: 0 },
    ]);
    expect(report.overdue).toBe(0);
    const row = (id: string) => report.technicians.find((x: { user: string }) => x.user === id);
    expect(row(salem._id)).toMatchObject({ visits: 2, bookedMinutes: 90 + 120, availableMinutes: AVAILABLE });
    expect(row(layla._id)).toMatchObject({ visits: 1, bookedMinutes: 120, availableMinutes: AVAILABLE });
    // Idle, but a technician: there, at nothing booked. A stopped one without visits is not.
    expect(row(nayef._id)).toMatchObject({ visits: 0, bookedMinutes: 0, availableMinutes: AVAILABLE });
    expect(row(stopped._id)).toBeUndefined();
    // The busiest first.
    expect(report.technicians[0].user).toBe(salem._id);
    expect(report.contractRevenue).toEqual([]);
    const other = (await t.userWith('employee', ['report:aging'])).token;
    expect((await get(`/api/report/visits?${period}`, other)).statusCode).toBe(403);
  });

  it('counts the open visits of a past period whose time has gone as overdue', async () => {
    const report = (await get('/api/report/visits?from=2025-03-01&to=2025-03-31')).json();
    expect(report.overdue).toBe(1);
    expect(report.months).toEqual([{ month: '2025-03', due: 2, done: 1, missed: 0 }]);
  });
});

describe('GET /api/report/visits/export', () => {
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));

  it('writes every month of the period, their total, the overdue visits and each technician, and logs it', async () => {
    // The customer rates the done visits by the links their messages carry (kept in the outbox).
    const requests = await t.db.select().from(messages).where(eq(messages.template, 'visit_rating'));
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      const rated = await t.inject({
        method: 'POST',
        url: `/rate/${request.templateParams?.ratingToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'score=4',
      });
      expect(rated.statusCode, rated.body).toBe(303);
    }
    const res = await get(`/api/report/visits/export?fileType=csv&${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = csvLines(res.body);
    expect(header).toEqual([
      'البند',
      'الشهر أو الفني',
      'الزيارات',
      'المنجزة',
      'الفائتة',
      'إيراد العقود',
      'الساعات المحجوزة',
      'الساعات المتاحة',
      'نسبة الحجز ٪',
      'التقييمات',
      'متوسط التقييم',
    ]);
    const line = (name: string) => lines.find((l) => l[1] === name);
    // June has no visit: it is there, at zero.
    expect(line('أبريل 2031')?.slice(0, 6)).toEqual(['الشهر', 'أبريل 2031', '2', '1', '1', '0.00']);
    expect(line('مايو 2031')?.slice(2, 6)).toEqual(['1', '0', '0', '0.00']);
    expect(line('يونيو 2031')?.slice(2, 6)).toEqual(['0', '0', '0', '0.00']);
    expect(line('الفترة كلها')?.slice(2, 6)).toEqual(['3', '1', '1', '0.00']);
    expect(line('زيارات فات موعدها ولم تُنجز')?.[2]).toBe('0');
    // 72 days, ten Fridays, one holiday: 61 working days, 488 hours; سالم booked 3.5 of them.
    // سالم was on the done visit the customer rated 4; نايف on none rated.
    expect(line('سالم الفني')?.slice(2)).toEqual(['2', '', '', '', '3.5', '488', '1', '1', '4']);
    expect(line('نايف الفني')?.slice(2)).toEqual(['0', '', '', '', '0', '488', '0', '0', '']);
    expect(lines.map((l) => l[0])).toEqual([
      ...Array(3).fill('الشهر'),
      'الإجمالي',
      'متأخرة',
      ...Array(lines.length - 5).fill('الفني'),
    ]);
    const summaries = async () =>
      (await t.db.select().from(activity).where(eq(activity.entity, 'report'))).map((a) => a.summary);
    await expect.poll(summaries).toContain('تصدير تقرير الزيارات والعقود من 2031-04-20 إلى 2031-06-30 (CSV)');
  });

  it('prints the report to PDF in Arabic', async () => {
    const text = pdfAnswerText(await get(`/api/report/visits/export?fileType=pdf&${period}`));
    expect(text).toContain('تقرير الزيارات والعقود');
    expect(text).toContain('سالم الفني');
  }, 60_000);
});
