import {
  amountInArabicWords,
  formatGregorianDate,
  formatHijriDate,
  fromHalalas,
  type PaymentStatus,
  paymentStatusLabels,
  paymentTransitions,
  toHalalas,
  zatcaQrBase64,
} from '@idara/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, orderItems, orders } from '../../db/schema';
import { embeddedFontCss, escapeHtml } from '../../http/pdf';
import { getSettings } from '../settings/service';
import { loadPayment } from './service';

type Row = Record<string, unknown>;

export interface InvoiceLine {
  name: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
}

/**
 * A payment with its order summary, the moves its status may make, and the simplified tax invoice
 * it is. The invoice repeats the order's lines when the payment settles the whole order, otherwise
 * it is one line for the part paid; either way net + VAT = the amount (rule in domain/orders.ts).
 */
export async function paymentDetails(db: DbOrTx, id: string) {
  const payment = await loadPayment(db, id);
  const [order] = await db
    .select({
      _id: orders._id,
      number: orders.number,
      total: orders.total,
      paid: orders.paid,
      balance: orders.balance,
      status: orders.status,
      subtotal: orders.subtotal,
      discount: orders.discount,
    })
    .from(orders)
    .where(eq(orders._id, String(payment.order)));
  const [buyer] = await db
    .select({ name: customers.name, vatNumber: customers.vatNumber, phoneNumber: customers.phoneNumber })
    .from(customers)
    .where(eq(customers._id, String(payment.customer)));
  const settings = await getSettings(db);

  const amount = toHalalas(String(payment.amount));
  const tax = toHalalas(String(payment.taxAmount));
  const net = amount - tax;
  let lines: InvoiceLine[];
  let discount = '0.00';
  if (amount === toHalalas(order.total)) {
    lines = await db
      .select({
        name: orderItems.name,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        lineTotal: orderItems.lineTotal,
      })
      .from(orderItems)
      .where(eq(orderItems.order, order._id))
      .orderBy(asc(orderItems.position));
    discount = order.discount;
  } else {
    const part = fromHalalas(net);
    lines = [
      { name: `دفعة من قيمة الطلب رقم ${order.number}`, quantity: 1, unitPrice: part, lineTotal: part },
    ];
  }
  const issuedAt = payment.createdAt as Date;
  const invoice = {
    number: payment.number as number,
    issuedAt,
    gregorianDate: formatGregorianDate(issuedAt),
    hijriDate: formatHijriDate(issuedAt),
    seller: { name: settings.companyName, vatNumber: settings.vatNumber, address: settings.address },
    buyer: buyer ?? { name: '', vatNumber: '', phoneNumber: '' },
    lines,
    subtotal: fromHalalas(net + toHalalas(discount)),
    discount,
    net: fromHalalas(net),
    taxRate: Number(payment.taxRate),
    taxAmount: fromHalalas(tax),
    total: fromHalalas(amount),
    totalInWords: amountInArabicWords(amount),
    qr: zatcaQrBase64({
      sellerName: settings.companyName,
      vatNumber: settings.vatNumber,
      timestamp: issuedAt,
      total: fromHalalas(amount),
      vat: fromHalalas(tax),
    }),
  };
  const { subtotal: _s, discount: _d, ...orderSummary } = order;
  return {
    ...(payment as Row & { status: string; number: number }),
    order: orderSummary,
    allowedStatuses: paymentTransitions[payment.status as PaymentStatus] ?? [],
    invoice,
  };
}

export type PaymentDetails = Awaited<ReturnType<typeof paymentDetails>>;

const money = (v: string) => `${v.replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ر.س`;

/** The invoice as a printable A4 HTML page, with the QR drawn as an image. */
export async function invoiceHtml(d: PaymentDetails): Promise<string> {
  const { invoice: inv } = d;
  const QRCode = (await import('qrcode')).default;
  const qr = await QRCode.toDataURL(inv.qr, { errorCorrectionLevel: 'M', margin: 1, width: 260 });
  const e = (s: unknown) => escapeHtml(String(s ?? ''));
  const rows = inv.lines
    .map(
      (l, i) =>
        `<tr><td class="n">${i + 1}</td><td>${e(l.name)}</td><td class="n">${l.quantity}</td><td class="n">${money(l.unitPrice)}</td><td class="n">${money(l.lineTotal)}</td></tr>`,
    )
    .join('');
  const status = paymentStatusLabels[d.status as PaymentStatus] ?? '';
  return `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><style>${embeddedFontCss()}
  @page{size:A4 portrait;margin:14mm 12mm}
  body{font-family:'IBM Plex Sans Arabic',sans-serif;font-size:10pt;color:#111;margin:0}
  .head{display:flex;justify-content:space-between;align-items:flex-start;gap:12pt;border-bottom:2pt solid #1c7ed6;padding-bottom:8pt}
  h1{font-size:17pt;margin:0 0 2pt} .muted{color:#555} .n{white-space:nowrap;direction:ltr;unicode-bidi:isolate}
  .grid{display:grid;grid-template-columns:1fr 1fr;gap:8pt;margin:10pt 0}
  .box{border:0.6pt solid #ccc;border-radius:4pt;padding:6pt 8pt} .box b{display:block;margin-bottom:2pt}
  table{width:100%;border-collapse:collapse;margin-top:6pt} th,td{border:0.6pt solid #bbb;padding:4pt 6pt;text-align:start}
  th{background:#e7f0fb} td.n{text-align:end}
  .totals{width:55%;margin-inline-start:auto;margin-top:8pt} .totals td{border:none;border-bottom:0.5pt solid #ddd}
  .totals tr.grand td{font-weight:700;font-size:12pt;border-bottom:1.5pt solid #1c7ed6}
  .words{margin-top:8pt;padding:6pt 8pt;background:#f4f7fb;border-radius:4pt}
  img.qr{width:34mm;height:34mm}
  </style></head><body>
  <div class="head"><div><h1>فاتورة ضريبية مبسطة</h1>
  <div>رقم الفاتورة: <span class="n">${inv.number}</span> — الحالة: ${e(status)}</div>
  <div class="muted">التاريخ: <span class="n">${e(inv.gregorianDate)}</span> م — ${e(inv.hijriDate)}</div></div>
  <img class="qr" alt="رمز الفاتورة الضريبية" src="${qr}"></div>
  <div class="grid"><div class="box"><b>البائع</b>${e(inv.seller.name)}<br>الرقم الضريبي: <span class="n">${e(inv.seller.vatNumber)}</span>${inv.seller.address ? `<br>${e(inv.seller.address)}` : ''}</div>
  <div class="box"><b>المشتري</b>${e(inv.buyer.name)}${inv.buyer.vatNumber ? `<br>الرقم الضريبي: <span class="n">${e(inv.buyer.vatNumber)}</span>` : ''}<br>الطلب رقم <span class="n">${d.order.number}</span></div></div>
  <table><thead><tr><th>#</th><th>البيان</th><th>الكمية</th><th>سعر الوحدة</th><th>المبلغ</th></tr></thead><tbody>${rows}</tbody></table>
  <table class="totals"><tbody>
  <tr><td>المجموع</td><td class="n">${money(inv.subtotal)}</td></tr>
  ${inv.discount !== '0.00' ? `<tr><td>الخصم</td><td class="n">${money(inv.discount)}</td></tr>` : ''}
  <tr><td>الإجمالي قبل الضريبة</td><td class="n">${money(inv.net)}</td></tr>
  <tr><td>ضريبة القيمة المضافة (${inv.taxRate}%)</td><td class="n">${money(inv.taxAmount)}</td></tr>
  <tr class="grand"><td>الإجمالي شامل الضريبة</td><td class="n">${money(inv.total)}</td></tr>
  </tbody></table>
  <div class="words">المبلغ كتابةً: ${e(inv.totalInWords)}</div>
  </body></html>`;
}
