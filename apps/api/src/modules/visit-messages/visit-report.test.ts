import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { pdfAnswerText, pdfToText } from '../../test/pdf-to-text';
import { pngOf, signaturePng } from '../../test/png';
import { visitReportLink } from './links';
import { loadVisitReport, type VisitWork } from './report-data';
import { visitReportHtml } from './report-html';

/** The words without the direction marks pdftotext puts around runs. */
const plain = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

let t: TestApp;
let admin: string;
let visit: { _id: string; number: number };
let form: { _id: string };

const post = async (url: string, payload: object) => {
  const res = await t.inject({ method: 'POST', url, token: admin, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

/** What the technician recorded: answers and files as the work tables will give them. */
const work: VisitWork = {
  answers: { state: 'يحتاج صيانة', pressure: 62, cleaned: true, readings: 'الضغط منخفض في الدائرة الثانية' },
  files: [
    {
      _id: 'f1',
      field: 'before',
      name: 'before.png',
      type: 'image/png',
      data: pngOf(120, 90, () => [40, 120, 200]),
    },
    {
      _id: 'f2',
      field: 'after',
      name: 'after.png',
      type: 'image/png',
      data: pngOf(120, 90, () => [60, 170, 90]),
    },
    { _id: 'f3', field: 'sign', name: 'signature.png', type: 'image/png', data: signaturePng() },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const technician = (await t.userWith('technician')).user;
  const customer = await post('/api/customer', { name: 'مجمع الياسمين السكني', phoneNumber: '0554440101' });
  const unit = await post('/api/equipment', {
    name: 'مكيف مركزي',
    serialNumber: 'AC-7781-X',
    model: 'كاريير 50TC',
    customer: customer._id,
  });
  form = await post('/api/form', {
    title: 'فحص مكيف دوري',
    fields: [
      { key: 'general', type: 'section', label: 'الفحص العام' },
      { key: 'state', type: 'select', label: 'حالة المكيف', required: true, options: ['جيد', 'يحتاج صيانة'] },
      { key: 'pressure', type: 'number', label: 'ضغط الفريون (psi)' },
      { key: 'cleaned', type: 'checkbox', label: 'نُظّفت الفلاتر' },
      { key: 'readings', type: 'textarea', label: 'ملاحظات الفني' },
      { key: 'before', type: 'file', label: 'صورة قبل الصيانة' },
      { key: 'after', type: 'file', label: 'صورة بعد الصيانة' },
      { key: 'sign', type: 'signature', label: 'توقيع العميل' },
    ],
  });
  visit = await post('/api/visit', {
    customer: customer._id,
    scheduledAt: '2027-02-14T09:00:00+03:00',
    durationMinutes: 90,
    assignees: [technician._id],
    equipment: [unit._id],
    form: form._id,
    address: 'المبنى ب، الدور الأرضي',
    notes: 'المدخل من البوابة الشرقية',
  });
});
afterAll(async () => {
  await t.close();
});

describe('the visit report', () => {
  it('prints the visit, the equipment, the checklist answers, photos and signature in the invoice layout', async () => {
    const report = await loadVisitReport(t.db, visit._id, async () => work);
    expect(report.form?.fields.map((f) => f.key)).toContain('sign');
    const html = await visitReportHtml(report);
    // Two photos and the signature are drawn from data: URLs (a printed document makes no requests).
    expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(3);
    const { htmlToPdf } = await import('../../http/pdf');
    const pdf = await htmlToPdf(html, { requester: 'test' });
    // VISIT_REPORT_PDF=<file> keeps the PDF to look at (pdftoppm).
    if (process.env.VISIT_REPORT_PDF) writeFileSync(process.env.VISIT_REPORT_PDF, pdf);
    const text = plain(pdfToText(pdf));
    for (const words of [
      'تقرير زيارة',
      'الزيارة رقم',
      'مجمع الياسمين السكني',
      'مكيف مركزي',
      'AC-7781-X',
      'فحص مكيف دوري',
      'يحتاج صيانة',
      'الفلاتر',
      'نعم',
      'الضغط منخفض في الدائرة الثانية',
      'صورة قبل الصيانة',
      'توقيع العميل بالاستلام',
      'المبنى ب',
    ])
      expect(text, words).toContain(words);
    expect(text).not.toContain('لم يوقع العميل');
  });

  it('without answers yet: the checklist with nothing answered and no signature', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/visit/${visit._id}/report.pdf`, token: admin });
    const text = plain(pdfAnswerText(res));
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(text).toContain('لا إجابة');
    expect(text).toContain('لم يوقع العميل بعد');
    expect(text).toContain('مكيف مركزي');
  });

  it('is the visit details’ to read; an unknown visit is 404 in Arabic', async () => {
    const outsider = await t.userWith('accountant', []);
    const res = await t.inject({
      method: 'GET',
      url: `/api/visit/${visit._id}/report.pdf`,
      token: outsider.token,
    });
    expect(res.statusCode).toBe(403);
    const missing = await t.inject({
      method: 'GET',
      url: '/api/visit/00000000-0000-4000-8000-000000000000/report.pdf',
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/الزيارة/);
  });

  it('opens for the customer by its signed link only', async () => {
    const link = await visitReportLink(t.db, 'https://x', visit._id);
    const path = link.replace('https://x', '');
    const res = await t.inject({ method: 'GET', url: path });
    expect(pdfAnswerText(res)).toContain('تقرير زيارة');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(
      (await t.inject({ method: 'GET', url: path.replace(/sig=[\w-]+/, `sig=${'A'.repeat(43)}`) }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/visit/${visit._id}/document.pdf` })).statusCode).toBe(
      404,
    );
  });
});
