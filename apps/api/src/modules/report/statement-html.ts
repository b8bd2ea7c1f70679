import {
  type EinvoiceParty,
  formatGregorianDate,
  formatHijriDate,
  fromHalalas,
  riyadhDayBounds,
  riyadhDayOf,
  statementLineLabels,
} from '@idara/domain';
import { pdfFontCss } from '../../http/pdf-fonts';
import { address, documentCss, e, money } from '../invoice/document-html';
import type { CustomerStatementData } from './statement-query';

/** A Riyadh day as the invoice prints dates: Gregorian, then Hijri. */
const bothCalendars = (day: string) => {
  const noon = riyadhDayBounds(day).noon;
  return `<span class="n">${e(formatGregorianDate(noon))}</span> م — ${e(formatHijriDate(noon))}`;
};
/** A line's day in the table: Gregorian over Hijri, so the narrow column never breaks a date. */
const stackedCalendars = (day: string) => {
  const noon = riyadhDayBounds(day).noon;
  return `<span class="n">${e(formatGregorianDate(noon))}</span><br><span class="muted">${e(formatHijriDate(noon))}</span>`;
};
const amount = (halalas: number) => (halalas ? money(fromHalalas(halalas)) : '');

/** The statement printed in the invoice's visual language: its header, party boxes and table. */
export async function statementHtml(
  s: CustomerStatementData,
  seller: EinvoiceParty,
  printedAt: Date,
): Promise<string> {
  const { opening, lines, closing } = s.statement;
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${stackedCalendars(riyadhDayOf(l.at))}</td><td>${e(statementLineLabels[l.type])}</td><td class="n">${e(l.number)}</td><td class="n">${amount(l.debit)}</td><td class="n">${amount(l.credit)}</td><td class="n">${money(fromHalalas(l.balance))}</td></tr>`,
    )
    .join('');
  const debits = lines.reduce((sum, l) => sum + l.debit, 0);
  const credits = lines.reduce((sum, l) => sum + l.credit, 0);
  return `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><title>كشف حساب ${e(s.customer.name)}</title><style>${await pdfFontCss()}
  ${documentCss()}
  tr.edge td{background:#f4f7fb;font-weight:600} td .muted{font-size:8.5pt;white-space:nowrap}
  thead{display:table-header-group} tr{break-inside:avoid}
  </style></head><body>
  <div class="head"><div><h1>كشف حساب</h1>
  <div>الفترة من ${bothCalendars(s.from)}</div>
  <div>إلى ${bothCalendars(s.to)}</div>
  <div class="muted">تاريخ الطباعة: <span class="n">${e(formatGregorianDate(printedAt))}</span> م — ${e(formatHijriDate(printedAt))}</div></div></div>
  <div class="grid"><div class="box"><b>البائع</b><bdi>${e(seller.name)}</bdi>${seller.vatNumber ? `<br>الرقم الضريبي: <span class="n">${e(seller.vatNumber)}</span>` : ''}${seller.crNumber ? `<br>السجل التجاري: <span class="n">${e(seller.crNumber)}</span>` : ''}${address(seller.address)}</div>
  <div class="box"><b>العميل</b><bdi>${e(s.customer.name)}</bdi>${s.customer.vatNumber ? `<br>الرقم الضريبي: <span class="n">${e(s.customer.vatNumber)}</span>` : ''}${s.customer.crNumber ? `<br>السجل التجاري: <span class="n">${e(s.customer.crNumber)}</span>` : ''}${address(s.customer.address)}</div></div>
  <table><thead><tr><th>التاريخ</th><th>البيان</th><th>الرقم</th><th>مدين</th><th>دائن</th><th>الرصيد</th></tr></thead><tbody>
  <tr class="edge"><td colspan="5">الرصيد الافتتاحي</td><td class="n">${money(fromHalalas(opening))}</td></tr>
  ${rows || '<tr><td colspan="6" class="muted">لا توجد حركات في هذه الفترة</td></tr>'}
  </tbody></table>
  <table class="totals"><tbody>
  <tr><td>الرصيد الافتتاحي</td><td class="n">${money(fromHalalas(opening))}</td></tr>
  <tr><td>مجموع المدين</td><td class="n">${money(fromHalalas(debits))}</td></tr>
  <tr><td>مجموع الدائن</td><td class="n">${money(fromHalalas(credits))}</td></tr>
  <tr class="grand"><td>${closing < 0 ? 'الرصيد الختامي (لصالح العميل)' : 'الرصيد الختامي'}</td><td class="n">${money(fromHalalas(closing))}</td></tr>
  </tbody></table>
  </body></html>`;
}
