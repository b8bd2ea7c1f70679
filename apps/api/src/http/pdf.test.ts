import { PDF_ROW_LIMIT } from '@idara/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixture';
import { multipartFile } from '../test/harness';
import { pdfQueue, pdfStats, resetPdfStats } from './pdf';

const t = useTestApp();
beforeAll(async () => {
  const rows = ['اسم العميل,رقم الجوال'];
  for (let i = 0; i < 30; i++) rows.push(`عميل ${i},05${String(20_000_000 + i)}`);
  const res = await t.inject({
    method: 'POST',
    url: '/api/customer/import',
    token: t.admin,
    ...multipartFile('c.csv', rows.join('\r\n'), 'text/csv'),
  });
  expect(res.json().imported).toBe(30);
});

const exportPdf = (token: string, query = '') => t.get(`/api/customer/export?fileType=pdf${query}`, token);

/** A job that holds a queue slot until released. */
function hold(requester: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const done = pdfQueue.run(requester, () => released);
  return { release, done };
}

describe('PDF work is bounded', () => {
  it('ten concurrent exports by five users all succeed, one Chromium page at a time in one browser', async () => {
    const users = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.userWith('employee', ['customer:read'], `0554${String(i).padStart(6, '0')}`),
      ),
    );
    resetPdfStats();
    const answers = await Promise.all(users.flatMap((u) => [exportPdf(u.token), exportPdf(u.token)]));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    for (const a of answers) expect(a.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stats = pdfStats();
    expect(stats.peakPages).toBe(1);
    expect(stats.queue.peakRunning).toBe(1);
    expect(stats.openPages).toBe(0);
    expect(stats.browserLaunches).toBe(1);
    expect(stats.queue).toMatchObject({ running: 0, waiting: 0 });
  }, 240_000); // ten PDFs one after another: seconds each on a slow shared core

  it('a user with two PDFs under way gets an Arabic 429 with Retry-After; a full queue an Arabic 503', async () => {
    const user = await t.userWith('employee', ['customer:read', 'payment:details'], '0554999999');
    const mine = [hold(`user:${user.user._id}`), hold(`user:${user.user._id}`)];
    const tooMany = await exportPdf(user.token);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toMatch(/قيد التجهيز/);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Two slots taken above; fill the rest of the queue (one running, ten waiting) with others' work.
    const others = Array.from({ length: 9 }, (_, i) => hold(`ip:10.0.0.${i}`));
    expect(pdfQueue.stats()).toMatchObject({ running: 1, waiting: 10 });
    const busy = await exportPdf(t.admin);
    expect(busy.statusCode).toBe(503);
    expect(busy.json().message).toMatch(/الخادم مشغول بتجهيز ملفات PDF/);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    for (const h of [...mine, ...others]) h.release();
    await Promise.all([...mine, ...others].map((h) => h.done));
    expect((await exportPdf(user.token)).statusCode).toBe(200);
  });

  it(`refuses a list longer than ${PDF_ROW_LIMIT} rows with an Arabic 400 naming the limit, before opening a page`, async () => {
    const rows = ['اسم العميل,رقم الجوال'];
    for (let i = 0; i < PDF_ROW_LIMIT; i++) rows.push(`عميل كثير ${i},05${String(30_000_000 + i)}`);
    const imported = await t.inject({
      method: 'POST',
      url: '/api/customer/import',
      token: t.admin,
      ...multipartFile('many.csv', rows.join('\r\n'), 'text/csv'),
    });
    expect(imported.json().imported).toBe(PDF_ROW_LIMIT);
    resetPdfStats();
    const res = await exportPdf(t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(`${PDF_ROW_LIMIT} سجل على الأكثر`);
    expect(res.json().message).toMatch(/Excel أو CSV/);
    expect(res.json().maxRows).toBe(PDF_ROW_LIMIT);
    expect(pdfStats().peakPages).toBe(0);
    // The same list narrowed by a search prints.
    const narrowed = await exportPdf(t.admin, `&search=${encodeURIComponent('كثير 99')}`);
    expect(narrowed.statusCode).toBe(200);
  });
});
