import {
  amountInArabicWords,
  type EinvoiceSnapshot,
  type EinvoiceStatus,
  einvoiceMayReachCustomer,
  einvoiceStatusLabels,
  einvoiceTaxGroups,
  einvoiceTitle,
  exemptionLabelOf,
  formatDateTime,
  formatGregorianDate,
  formatHijriDate,
  formatQuantity,
  fromHalalas,
  lineTaxOf,
  type NationalAddress,
  toHalalas,
  unitInfo,
  unitOf,
  vatCategoryLabels,
  vatCategoryShortLabels,
  vatRateOf,
} from '@idara/domain';
import { escapeHtml } from '../../http/pdf';
import { PDF_FONT, pdfFontCss } from '../../http/pdf-fonts';
import { lineVatsOf } from '../../zatca/ubl';

/** The issue time as the page and the QR carry it, Riyadh time: '03:05 م'. */
const issueTime = (d: Date) => formatDateTime(d).slice(0, 7);

/**
 * The one drawing of an issued document: the PDF prints it and the web page shows it (in a sandboxed
 * frame). Everything on it comes from the frozen row.
 */

export interface DrawnDocument {
  snapshot: EinvoiceSnapshot;
  status: string;
  qr: string | null;
}

export const e = (s: unknown) => escapeHtml(String(s ?? ''));
export const money = (v: string) => `${v.replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ر.س`;

export function address(a: NationalAddress | null) {
  if (!a) return '';
  const parts = [
    a.buildingNumber && `مبنى ${a.buildingNumber}`,
    a.street,
    a.district && `حي ${a.district}`,
    a.city,
    a.postalCode && `الرمز البريدي ${a.postalCode}`,
    a.additionalNumber && `الرقم الإضافي ${a.additionalNumber}`,
  ].filter(Boolean);
  return `<br>${parts.map(e).join('، ')}`;
}

/** The page, header, party boxes and table styles every printed document of Idara shares. */
export const documentCss = () => `
  @page{size:A4 portrait;margin:14mm 12mm}
  body{font-family:${PDF_FONT},sans-serif;font-size:10pt;color:#111;background:#fff;margin:0;padding:0}
  .head{display:flex;justify-content:space-between;align-items:flex-start;gap:12pt;border-bottom:2pt solid #1c7ed6;padding-bottom:8pt}
  h1{font-size:17pt;margin:0 0 2pt} .muted{color:#555} .n{white-space:nowrap;direction:ltr;unicode-bidi:isolate}
  .grid{display:grid;grid-template-columns:1fr 1fr;gap:8pt;margin:10pt 0}
  .box{border:0.6pt solid #ccc;border-radius:4pt;padding:6pt 8pt;overflow-wrap:break-word} .box b{display:block;margin-bottom:2pt}
  td:not(.n){unicode-bidi:plaintext;text-align:right}
  .ref{margin:8pt 0;background:#fff8e6}
  .banner{margin:8pt 0;padding:6pt 8pt;border-radius:4pt;background:#fff3bf;color:#5c3d00;font-weight:600}
  .banner.bad{background:#ffe3e3;color:#8a1111}
  .watermark{position:fixed;top:42%;left:0;right:0;text-align:center;transform:rotate(-28deg);font-size:34pt;font-weight:700;color:rgba(200,30,30,0.16);pointer-events:none;z-index:10}
  table{width:100%;border-collapse:collapse;margin-top:6pt} th,td{border:0.6pt solid #bbb;padding:4pt 6pt;text-align:start}
  th{background:#e7f0fb} td.n{text-align:end}
  table.breakdown{font-size:8.5pt} table.breakdown th{background:#f4f7fb} table.breakdown td,table.breakdown th{padding:2pt 6pt;white-space:nowrap} table.breakdown td:nth-child(2){white-space:normal;width:60%}
  .totals{width:55%;margin-inline-start:auto;margin-top:8pt} .totals td{border:none;border-bottom:0.5pt solid #ddd}
  .totals tr.grand td{font-weight:700;font-size:12pt;border-bottom:1.5pt solid #1c7ed6}
  .words{margin-top:8pt;padding:6pt 8pt;background:#f4f7fb;border-radius:4pt}
  img.qr{width:34mm;height:34mm}
  @media (max-width:560px){.grid{grid-template-columns:1fr}.totals{width:100%}.head{flex-direction:column}}
`;

export async function documentHtml(d: DrawnDocument): Promise<string> {
  const s = d.snapshot;
  // Before clearance (standard) or once rejected it is no tax invoice: staff see a marked preview
  // without a QR code, and nothing meant for the customer carries it (einvoiceMayReachCustomer).
  const preview = !einvoiceMayReachCustomer({ scope: s.scope, status: d.status });
  const QRCode = (await import('qrcode')).default;
  const qr =
    d.qr && !preview
      ? await QRCode.toDataURL(d.qr, { errorCorrectionLevel: 'M', margin: 1, width: 260 })
      : '';
  const issuedAt = new Date(s.issuedAt);
  const status = d.status as EinvoiceStatus;
  const banner =
    status === 'not_connected'
      ? '<div class="banner">غير مرتبط: لم تُرسل هذه الوثيقة إلى هيئة الزكاة والضريبة والجمارك (منصة فاتورة) بعد</div>'
      : status === 'rejected'
        ? '<div class="banner bad">رفضتها هيئة الزكاة والضريبة والجمارك: هذه الوثيقة غير صالحة</div>'
        : status === 'pending' && s.scope === 'standard'
          ? '<div class="banner">بانتظار اعتماد الهيئة: لا تُسلَّم للعميل قبل الاعتماد</div>'
          : '';
  // Each line's VAT as the XML has it (KSA-11, `lineVatsOf`): the lines add up to the document's VAT.
  const vats = lineVatsOf(s);
  const rows = s.lines
    .map((l, i) => {
      const tax = lineTaxOf(l);
      const category = `${vatRateOf(tax.vatCategory, s.vatRate)}% <span class="muted">${e(vatCategoryShortLabels[tax.vatCategory])}</span>`;
      return `<tr><td class="n">${i + 1}</td><td>${e(l.name)}</td><td class="n">${formatQuantity(l.quantity)} <span class="muted">${e(unitInfo[unitOf(l.unit)].label)}</span></td><td class="n">${money(l.unitPrice)}</td><td class="n">${money(l.lineTotal)}</td><td class="n">${category}</td><td class="n">${money(fromHalalas(vats[i]))}</td><td class="n">${money(fromHalalas(toHalalas(l.lineTotal) + vats[i]))}</td></tr>`;
    })
    .join('');
  // A document with anything but standard-rated lines gets its VAT breakdown: one row per category,
  // a zero-rated, exempt or out-of-scope one with its reason (as the XML's TaxSubtotal).
  const groups = einvoiceTaxGroups(s);
  const onlyStandard = groups.every((g) => g.vatCategory === 'S');
  const breakdown = onlyStandard
    ? ''
    : `<table class="breakdown"><thead><tr><th>فئة الضريبة</th><th>السبب</th><th>المبلغ الخاضع</th><th>الضريبة</th></tr></thead><tbody>${groups
        .map((g) => {
          const why = exemptionLabelOf(g);
          return `<tr><td title="${e(vatCategoryLabels[g.vatCategory])}">${e(vatCategoryShortLabels[g.vatCategory])} <span class="n">${g.rate}%</span></td><td>${why ? `${e(why)} <span class="n muted">(${e(g.vatExemptionCode)})</span>` : '—'}</td><td class="n">${money(fromHalalas(g.taxable))}</td><td class="n">${money(fromHalalas(g.vat))}</td></tr>`;
        })
        .join('')}</tbody></table>`;
  const vatLabel = onlyStandard ? `ضريبة القيمة المضافة (${s.vatRate}%)` : 'ضريبة القيمة المضافة';
  const reference = s.billingReference
    ? `<div class="box ref"><b>${s.kind === 'credit' ? 'إشعار دائن' : 'إشعار مدين'} على الفاتورة رقم <span class="n">${e(s.billingReference.number)}</span></b>السبب: ${e(s.reason)}</div>`
    : '';
  return `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><title>${e(einvoiceTitle(s.scope, s.kind))} ${e(s.number)}</title><style>${await pdfFontCss()}
${documentCss()}  </style></head><body>
  <div class="head"><div><h1>${e(einvoiceTitle(s.scope, s.kind))}</h1>
  <div>الرقم: <span class="n">${e(s.number)}</span> — ${e(einvoiceStatusLabels[status] ?? status)}</div>
  <div class="muted">تاريخ الإصدار: <span class="n">${e(formatGregorianDate(issuedAt))}</span> م، الساعة <span class="n">${e(issueTime(issuedAt))}</span> — ${e(formatHijriDate(issuedAt))}</div>
  <div class="muted">الطلب رقم <span class="n">${s.order.number}</span></div></div>
  ${qr ? `<img class="qr" alt="رمز الاستجابة السريعة للفاتورة" src="${qr}">` : ''}</div>
  ${banner}${preview ? '<div class="watermark" aria-hidden="true">معاينة — ليست فاتورة ضريبية صالحة</div>' : ''}${reference}
  <div class="grid"><div class="box"><b>البائع</b><bdi>${e(s.seller.name)}</bdi><br>الرقم الضريبي: <span class="n">${e(s.seller.vatNumber)}</span>${s.seller.crNumber ? `<br>السجل التجاري: <span class="n">${e(s.seller.crNumber)}</span>` : ''}${address(s.seller.address)}</div>
  <div class="box"><b>المشتري</b><bdi>${e(s.buyer.name)}</bdi>${s.buyer.vatNumber ? `<br>الرقم الضريبي: <span class="n">${e(s.buyer.vatNumber)}</span>` : ''}${address(s.buyer.address)}</div></div>
  <table><thead><tr><th>#</th><th>البيان</th><th>الكمية</th><th>سعر الوحدة</th><th>المبلغ قبل الضريبة</th><th>نسبة الضريبة</th><th>مبلغ الضريبة</th><th>المبلغ شامل الضريبة</th></tr></thead><tbody>${rows}</tbody></table>
  ${breakdown}
  <table class="totals"><tbody>
  <tr><td>المجموع</td><td class="n">${money(s.subtotal)}</td></tr>
  ${s.discount !== '0.00' ? `<tr><td>الخصم</td><td class="n">${money(s.discount)}</td></tr>` : ''}
  <tr><td>الإجمالي قبل الضريبة</td><td class="n">${money(s.net)}</td></tr>
  <tr><td>${vatLabel}</td><td class="n">${money(s.vatAmount)}</td></tr>
  <tr class="grand"><td>الإجمالي شامل الضريبة</td><td class="n">${money(s.total)}</td></tr>
  </tbody></table>
  <div class="words">المبلغ كتابةً: ${e(amountInArabicWords(toHalalas(s.total)))}</div>
  </body></html>`;
}
