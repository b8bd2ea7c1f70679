import {
  answerText,
  attachmentFieldTypes,
  type FormField,
  formatGregorianDate,
  formatHijriDate,
  formatSaudiPhoneLocal,
  visitStatusLabels,
  visitTimeWindow,
} from '@idara/domain';
import { pdfFontCss } from '../../http/pdf-fonts';
import { address, documentCss, e } from '../invoice/document-html';
import type { VisitReport, VisitReportFile } from './report-data';

/** Images Chromium draws from a data: URL (a document printed here makes no requests). */
const drawable = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const isImage = (f: VisitReportFile) => drawable.has(f.type);
const dataUrl = (f: VisitReportFile) => `data:${f.type};base64,${Buffer.from(f.data).toString('base64')}`;

/** A day as the invoice prints it: Gregorian, then Hijri. */
const bothCalendars = (d: Date) =>
  `<span class="n">${e(formatGregorianDate(d))}</span> م — ${e(formatHijriDate(d))}`;

/** The signature fields' keys: their files are the customer's signature, not photos. */
const signatureKeys = (fields: FormField[]) =>
  new Set(fields.filter((f) => f.type === 'signature').map((f) => f.key));

/** One checklist row: the answer as text, or the photo it is. */
function answerCell(field: FormField, report: VisitReport) {
  const value = report.work.answers[field.key];
  if (attachmentFieldTypes.includes(field.type)) {
    const file =
      report.work.files.find((f) => f._id === value) ?? report.work.files.find((f) => f.field === field.key);
    if (!file) return '<span class="muted">—</span>';
    if (field.type === 'signature') return 'موقّع (التوقيع أدناه)';
    return isImage(file) ? 'صورة (ضمن الصور أدناه)' : `مرفق: ${e(file.name)}`;
  }
  const text = answerText(field, value ?? null);
  return text ? e(text) : '<span class="muted">لا إجابة</span>';
}

function checklist(report: VisitReport) {
  if (!report.form) return '';
  const rows = report.form.fields
    .map((f) =>
      f.type === 'section'
        ? `<tr class="section"><td colspan="2">${e(f.label)}</td></tr>`
        : `<tr><td>${e(f.label)}</td><td>${answerCell(f, report)}</td></tr>`,
    )
    .join('');
  return `<h2>قائمة الفحص: ${e(report.form.title)}</h2>
  <table class="checklist"><thead><tr><th>البند</th><th>النتيجة</th></tr></thead><tbody>${rows || '<tr><td colspan="2" class="muted">لا بنود في النموذج</td></tr>'}</tbody></table>`;
}

function equipmentTable(report: VisitReport) {
  if (!report.equipment.length) return '';
  const rows = report.equipment
    .map(
      (k, i) =>
        `<tr><td class="n">${i + 1}</td><td>${e(k.name)}</td><td class="n">${e(k.serialNumber)}</td><td>${e(k.model) || '—'}</td></tr>`,
    )
    .join('');
  return `<h2>المعدات</h2><table><thead><tr><th>#</th><th>المعدة</th><th>الرقم التسلسلي</th><th>الطراز</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The photos (every image that is not a signature), each captioned with its field. */
function photos(report: VisitReport) {
  const fields = report.form?.fields ?? [];
  const signatures = signatureKeys(fields);
  const shown = report.work.files.filter((f) => isImage(f) && !signatures.has(f.field));
  if (!shown.length) return '';
  const label = (key: string) => fields.find((f) => f.key === key)?.label ?? '';
  // A few photos stay on one page with their heading; many may run on.
  return `<section${shown.length <= 6 ? ' class="keep"' : ''}><h2>الصور</h2><div class="photos">${shown
    .map(
      (f) =>
        `<figure><img src="${dataUrl(f)}" alt="${e(label(f.field) || f.name)}"><figcaption>${e(label(f.field) || f.name)}</figcaption></figure>`,
    )
    .join('')}</div></section>`;
}

function signature(report: VisitReport) {
  const signatures = signatureKeys(report.form?.fields ?? []);
  const signed = report.work.files.find((f) => signatures.has(f.field) && isImage(f));
  return `<div class="box sign"><b>توقيع العميل بالاستلام</b>${
    signed
      ? `<img src="${dataUrl(signed)}" alt="توقيع العميل">`
      : '<div class="muted">لم يوقع العميل بعد</div>'
  }</div>`;
}

/**
 * The visit report in the invoice's visual language (its header, party boxes and tables): the
 * visit, the customer and the site, the team, the equipment, the checklist's answers, the photos
 * and the customer's signature. Pure: everything comes from `report`.
 */
export async function visitReportHtml(report: VisitReport, printedAt = new Date()): Promise<string> {
  const { visit, customer, seller } = report;
  const site = [visit.address, visit.cityName].filter(Boolean).join('، ');
  return `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><title>تقرير الزيارة ${visit.number}</title><style>${await pdfFontCss()}
  ${documentCss()}
  h2{font-size:12pt;margin:12pt 0 2pt;color:#1c5fa8}
  table.checklist td:first-child{width:45%} tr.section td{background:#f4f7fb;font-weight:700}
  thead{display:table-header-group} tr,figure,.sign,.keep{break-inside:avoid} h2{break-after:avoid}
  .photos{display:grid;grid-template-columns:1fr 1fr 1fr;gap:6pt;margin-top:6pt}
  figure{margin:0;border:0.6pt solid #ccc;border-radius:4pt;padding:3pt;text-align:center}
  figure img{width:100%;height:46mm;object-fit:cover;border-radius:2pt} figcaption{font-size:8.5pt;color:#555;margin-top:2pt}
  .sign{margin-top:12pt;width:55%} .sign img{display:block;max-width:100%;height:26mm;object-fit:contain;margin-top:4pt}
  .notes{white-space:pre-wrap}
  </style></head><body>
  <div class="head"><div><h1>تقرير زيارة</h1>
  <div>الزيارة رقم <span class="n">${visit.number}</span> — ${e(visitStatusLabels[visit.status] ?? visit.status)}${visit.customerContractNumber ? ` — العقد رقم <span class="n">${visit.customerContractNumber}</span>` : ''}</div>
  <div class="muted">الموعد: ${bothCalendars(visit.scheduledAt)} ${e(visitTimeWindow(visit.scheduledAt, visit.durationMinutes))}</div>
  ${visit.doneAt ? `<div class="muted">أُنجزت: ${bothCalendars(visit.doneAt)}</div>` : ''}</div></div>
  <div class="grid"><div class="box"><b>المنشأة</b><bdi>${e(seller.name)}</bdi>${seller.vatNumber ? `<br>الرقم الضريبي: <span class="n">${e(seller.vatNumber)}</span>` : ''}${address(seller.address)}</div>
  <div class="box"><b>العميل</b><bdi>${e(customer.name)}</bdi>${customer.phoneNumber ? `<br>الجوال: <span class="n">${e(formatSaudiPhoneLocal(customer.phoneNumber))}</span>` : ''}${address(customer.address)}${site ? `<br>موقع الزيارة: ${e(site)}` : ''}</div></div>
  <div class="box"><b>الفريق</b>${report.technicians.length ? report.technicians.map(e).join('، ') : '<span class="muted">لم يُسند فني</span>'}</div>
  ${equipmentTable(report)}
  ${checklist(report)}
  ${visit.notes ? `<h2>ملاحظات</h2><div class="box notes">${e(visit.notes)}</div>` : ''}
  ${photos(report)}
  ${signature(report)}
  <div class="muted" style="margin-top:10pt;font-size:8.5pt">طُبع في ${bothCalendars(printedAt)}</div>
  </body></html>`;
}
