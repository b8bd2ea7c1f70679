import { randomUUID } from 'node:crypto';
import {
  type EinvoiceKind,
  type EinvoiceLine,
  type EinvoiceSnapshot,
  einvoiceCountsInTotals,
  einvoiceKindLabels,
  einvoiceTaxGroups,
  FIRST_PREVIOUS_HASH,
  fromHalalas,
  type LineTax,
  lineTaxOf,
  MAX_LINE_HALALAS,
  normalizeArabic,
  paymentMeansCodeOf,
  paymentMeansCodes,
  riyadhDayOf,
  standardLineTax,
  toHalalas,
  tooLargeMessage,
  unitOf,
  type VatCategory,
  vatCategoryLabels,
  vatIncluded,
  vatOf,
  vatRateOf,
} from '@idara/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  einvoiceSubmissions,
  einvoices,
  orderItems,
  orders,
  paymentMethods,
  payments,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import { nextNumber } from '../../lib/counters';
import { signEinvoice } from '../../zatca';
import { activeCredential } from '../../zatca/credentials';
import { orderLineColumns } from '../order/resource';
import { countedDocuments } from './counted';
import { moveOrderMoney } from './order-money';
import { buyerParty, sellerParty, sellerProblems } from './parties';

/**
 * Issuing: one transaction takes the next gap-free number (the counter row stays locked until it
 * commits, so documents are numbered and chained one after another on both engines), freezes the
 * snapshot, signs it with the previous document's hash, stores it and moves the order's invoiced
 * amount. Nothing about a document changes afterwards.
 */

const PREFIX: Record<EinvoiceKind, string> = { invoice: 'INV', credit: 'CRN', debit: 'DBN' };
/** How each kind moves what the order has been invoiced. */
const SIGN: Record<EinvoiceKind, 1 | -1> = { invoice: 1, debit: 1, credit: -1 };

export type IssuedDocument = typeof einvoices.$inferSelect;

interface Amounts {
  lines: EinvoiceLine[];
  discount: number;
  vatRate: number;
}

function totalsOf({ lines, discount, vatRate }: Amounts) {
  const subtotal = lines.reduce((sum, l) => sum + toHalalas(l.lineTotal), 0);
  const net = subtotal - discount;
  const groups = einvoiceTaxGroups({ lines, discount: fromHalalas(discount), vatRate });
  const vat = groups.reduce((sum, g) => sum + g.vat, 0);
  const netOf = (category: VatCategory) =>
    groups.filter((g) => g.vatCategory === category).reduce((sum, g) => sum + g.taxable, 0);
  return {
    subtotal,
    net,
    vat,
    total: net + vat,
    groups,
    zeroRated: netOf('Z'),
    exempt: netOf('E'),
    outOfScope: netOf('O'),
  };
}

/** What a document is worth, VAT included, in each of its VAT categories. */
const grossByCategory = (amounts: Amounts) =>
  new Map(totalsOf(amounts).groups.map((g) => [g.vatCategory, g.taxable + g.vat]));

/** The frozen amounts of an issued document. */
const amountsOf = (doc: IssuedDocument): Amounts => ({
  lines: doc.snapshot.lines,
  discount: toHalalas(doc.snapshot.discount),
  vatRate: Number(doc.snapshot.vatRate),
});

/**
 * One line for a VAT-inclusive amount: the part before VAT is the net whose VAT (rounded on the
 * net, the one rounding rule) gives back exactly `gross`. Some amounts no net reaches (0.04 or
 * 10.00 at 15 %): then null, and the caller refuses rather than issue another amount.
 */
export function lineForAmount(
  name: string,
  gross: number,
  vatRate: number,
  tax: LineTax = standardLineTax,
): EinvoiceLine | null {
  const net = netFor(gross, vatRateOf(tax.vatCategory, vatRate));
  return net === null
    ? null
    : { name, quantity: 1, unitPrice: fromHalalas(net), lineTotal: fromHalalas(net), ...tax };
}

function netFor(gross: number, vatRate: number): number | null {
  const estimate = gross - vatIncluded(gross, vatRate);
  return [estimate, estimate - 1, estimate + 1].find((n) => n + vatOf(n, vatRate) === gross) ?? null;
}

/** The VAT-inclusive amounts nearest to `gross` on each side that a net does reach. */
export function reachableAround(gross: number, vatRate: number): [number, number] {
  let below = gross - 1;
  while (below > 0 && netFor(below, vatRate) === null) below--;
  let above = gross + 1;
  while (netFor(above, vatRate) === null) above++;
  return [Math.max(below, 0), above];
}

/** The Arabic reason an amount cannot be issued exactly, naming the nearest ones that can. */
export function unreachableAmount(gross: number, vatRate: number) {
  const [below, above] = reachableAround(gross, vatRate);
  const options = below > 0 ? `${fromHalalas(below)} أو ${fromHalalas(above)}` : fromHalalas(above);
  return `لا يتكوّن المبلغ ${fromHalalas(gross)} ر.س بالضبط من صافٍ مضافاً إليه ضريبة ${vatRate}٪ مقرّبة إلى الهللة، ولا يُصدر مبلغ غير الذي طلبته: اختر ${options} ر.س`;
}

/** The kind of the payment method of the order's latest payment marked paid, or null. */
async function paidMethodKind(tx: Tx, orderId: string) {
  const [row] = await tx
    .select({ kind: paymentMethods.kind })
    .from(payments)
    .innerJoin(paymentMethods, eq(paymentMethods._id, payments.paymentMethod))
    .where(and(eq(payments.order, orderId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row?.kind ?? null;
}

/**
 * The supply date (Riyadh day): when the work was done — the order's completion, else its visit if
 * that is not after the issue — else the issue day (an advance payment's invoice).
 */
function supplyDateOf(order: typeof orders.$inferSelect, issuedAt: Date) {
  if (order.completedAt) return riyadhDayOf(order.completedAt);
  if (order.scheduledAt && order.scheduledAt <= issuedAt) return riyadhDayOf(order.scheduledAt);
  return riyadhDayOf(issuedAt);
}

async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders._id, orderId)).for('update');
  if (!order) throw new AppError(404, 'الطلب غير موجود');
  return order;
}

async function issue(
  tx: Tx,
  ctx: ActorContext,
  input: {
    kind: EinvoiceKind;
    order: typeof orders.$inferSelect;
    amounts: Amounts;
    corrects?: IssuedDocument;
    reason?: string;
  },
): Promise<IssuedDocument> {
  const { kind, order, amounts } = input;
  const seller = await sellerParty(tx);
  // A note keeps the buyer and scope of the invoice it corrects.
  const buyer = input.corrects
    ? { party: input.corrects.snapshot.buyer, scope: input.corrects.snapshot.scope }
    : await buyerParty(tx, order.customer);
  const scope = buyer.scope;
  const t = totalsOf(amounts);
  const seq = await nextNumber(tx, 'einvoice');
  const [previous] = await tx
    .select({ hash: einvoices.hash })
    .from(einvoices)
    .where(eq(einvoices.phase, 2))
    .orderBy(desc(einvoices.seq))
    .limit(1);
  const issuedAt = new Date();
  const number = `${PREFIX[kind]}-${String(seq).padStart(6, '0')}`;
  const snapshot: EinvoiceSnapshot = {
    kind,
    scope,
    number,
    uuid: randomUUID(),
    issuedAt: issuedAt.toISOString(),
    seller,
    buyer: buyer.party,
    lines: amounts.lines,
    subtotal: fromHalalas(t.subtotal),
    discount: fromHalalas(amounts.discount),
    net: fromHalalas(t.net),
    vatRate: amounts.vatRate,
    vatAmount: fromHalalas(t.vat),
    total: fromHalalas(t.total),
    billingReference: input.corrects
      ? {
          number: input.corrects.number,
          uuid: input.corrects.uuid,
          issuedAt: input.corrects.issuedAt.toISOString(),
        }
      : null,
    reason: input.reason ?? '',
    order: { _id: order._id, number: order.number },
    // A note is paid as the invoice it corrects; an invoice as the order was paid (on credit if not yet).
    paymentMeansCode: input.corrects
      ? (input.corrects.snapshot.paymentMeansCode ?? paymentMeansCodes.cash)
      : paymentMeansCodeOf(await paidMethodKind(tx, order._id)),
    supplyDate: supplyDateOf(order, issuedAt),
    phase: 2,
  };
  const credential = await activeCredential(tx);
  const previousHash = previous?.hash ?? FIRST_PREVIOUS_HASH;
  const signed = signEinvoice(snapshot, { icv: seq, previousHash }, credential);
  const [row] = await tx
    .insert(einvoices)
    .values({
      kind,
      scope,
      phase: 2,
      seq,
      number,
      uuid: snapshot.uuid,
      order: order._id,
      customer: order.customer,
      corrects: input.corrects?._id ?? null,
      reason: snapshot.reason,
      snapshot,
      buyerName: buyer.party.name,
      orderNumber: order.number,
      total: snapshot.total,
      vatAmount: snapshot.vatAmount,
      zeroRated: fromHalalas(t.zeroRated),
      exempt: fromHalalas(t.exempt),
      outOfScope: fromHalalas(t.outOfScope),
      issuedAt,
      issuedBy: ctx.actorId,
      previousHash,
      hash: signed.hash,
      qr: signed.qr,
      xml: signed.xml,
      status: credential.kind === 'production' ? 'pending' : 'not_connected',
      searchText: normalizeArabic(`${number} ${order.number} ${buyer.party.name}`),
    })
    .returning();
  if (credential.kind === 'production') {
    // Reported (simplified) or cleared (standard) in the background: issuing never waits on the network.
    await tx
      .insert(einvoiceSubmissions)
      .values({ einvoice: row._id, action: scope === 'standard' ? 'clear' : 'report' });
  }
  await moveOrderMoney(tx, order, kind, SIGN[kind] * t.total);
  await recordActivity(tx, ctx, {
    action: 'create',
    entity: 'einvoice',
    entityId: row._id,
    summary: `إصدار ${einvoiceKindLabels[kind]} رقم ${number} للطلب رقم ${order.number} (${snapshot.total} ر.س)${snapshot.reason ? `: ${snapshot.reason}` : ''}`,
  });
  return row;
}

/**
 * The order's tax invoice for what is not yet invoiced: its lines when nothing was invoiced before,
 * otherwise one line for the rest. Null when nothing is left (issuing twice is harmless).
 *
 * `automatic` (a payment marked paid, an order completed): while the seller data is incomplete the
 * invoice is not issued and null is returned, so the payment or the completion is kept; the order
 * stays uninvoiced, and the office issues it («إصدار الفاتورة») once settings are complete.
 */
export async function issueOrderInvoice(
  tx: Tx,
  ctx: ActorContext,
  orderId: string,
  { automatic = false }: { automatic?: boolean } = {},
) {
  if (automatic && Object.keys(await sellerProblems(tx)).length > 0) return null;
  const order = await lockOrder(tx, orderId);
  if (order.status === 'cancelled') throw new AppError(409, 'لا تصدر فاتورة لطلب ملغي');
  // What tax invoices have not covered yet; a credit note is a final correction, never "uninvoiced".
  const remaining = toHalalas(order.uninvoiced);
  if (remaining <= 0) return null;
  const [invoicedBefore] = await tx
    .select({ _id: einvoices._id })
    .from(einvoices)
    .where(and(eq(einvoices.order, orderId), countedDocuments()))
    .limit(1);
  let amounts: Amounts;
  if (!invoicedBefore) {
    amounts = {
      lines: (await orderLines(tx, orderId)).map((l) => ({
        ...l,
        unit: unitOf(l.unit),
        vatCategory: l.vatCategory as VatCategory,
      })),
      discount: toHalalas(order.discount),
      vatRate: Number(order.taxRate),
    };
  } else {
    // The rest of an order invoiced before (a phase-1 invoice per payment): one line of the order's category.
    const taxes = new Map(
      (await orderLines(tx, orderId)).map((l) => [l.vatCategory, lineTaxOf(l as Partial<LineTax>)]),
    );
    if (taxes.size > 1)
      throw new AppError(
        409,
        `لباقي الطلب رقم ${order.number} أكثر من فئة ضريبة: أصدر فاتورته بالبنود من صفحة الطلب بعد تصحيحه`,
      );
    const tax = [...taxes.values()][0] ?? standardLineTax;
    const line = lineForAmount(`باقي قيمة الطلب رقم ${order.number}`, remaining, Number(order.taxRate), tax);
    if (!line)
      throw new AppError(
        409,
        unreachableAmount(remaining, vatRateOf(tax.vatCategory, Number(order.taxRate))),
      );
    amounts = { lines: [line], discount: 0, vatRate: Number(order.taxRate) };
  }
  return issue(tx, ctx, { kind: 'invoice', order, amounts });
}

function orderLines(tx: Tx, orderId: string) {
  return tx
    .select(orderLineColumns)
    .from(orderItems)
    .where(eq(orderItems.order, orderId))
    .orderBy(asc(orderItems.position));
}

/**
 * What credit notes may still take off an invoice, VAT included: its total, plus its debit notes, minus
 * its credit notes — in all and in each VAT category (a credit of one category never takes another's).
 */
export async function creditableOf(tx: DbOrTx, invoice: IssuedDocument) {
  const byCategory = new Map<VatCategory, number>();
  if (!einvoiceCountsInTotals(invoice.status)) return { total: 0, byCategory };
  const notes = await tx
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.corrects, invoice._id), countedDocuments()));
  const add = (doc: IssuedDocument, sign: number) => {
    for (const [category, gross] of grossByCategory(amountsOf(doc)))
      byCategory.set(category, (byCategory.get(category) ?? 0) + sign * gross);
  };
  add(invoice, 1);
  for (const n of notes) add(n, n.kind === 'credit' ? -1 : 1);
  const total = notes.reduce(
    (sum, n) => sum + (n.kind === 'credit' ? -1 : 1) * toHalalas(n.total),
    toHalalas(invoice.total),
  );
  return { total, byCategory };
}

/** What the invoice's counted debit notes add, VAT included. */
async function debitedOf(tx: DbOrTx, invoice: IssuedDocument) {
  const notes = await tx
    .select({ total: einvoices.total })
    .from(einvoices)
    .where(and(eq(einvoices.corrects, invoice._id), eq(einvoices.kind, 'debit'), countedDocuments()));
  return notes.reduce((sum, n) => sum + toHalalas(n.total), 0);
}

export interface NoteInput {
  reason: string;
  amount?: string;
  vatCategory?: VatCategory;
  lines?: { name: string; quantity: number; unitPrice: string; vatCategory?: VatCategory }[];
}

/**
 * Cancelling an invoiced order: a credit note for all that is still creditable on each of its
 * invoices — the invoice's own lines when nothing corrected it yet, else one line for the rest.
 * Returns the notes; refuses (409, nothing issued) when a rest cannot be credited exactly.
 */
export async function creditWholeOrder(tx: Tx, ctx: ActorContext, orderId: string, reason: string) {
  const invoices = await tx
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.order, orderId), eq(einvoices.kind, 'invoice')))
    .orderBy(asc(einvoices.seq));
  const notes = [];
  for (const invoice of invoices) {
    if (invoice.status === 'rejected') continue;
    const creditable = await creditableOf(tx, invoice);
    if (creditable.total <= 0) continue;
    const untouched = creditable.total === toHalalas(invoice.total);
    const taxes = invoiceTaxes(invoice);
    const vatRate = Number(invoice.snapshot.vatRate);
    const amounts: Amounts = untouched
      ? amountsOf(invoice)
      : {
          lines: [...creditable.byCategory]
            .filter(([, gross]) => gross > 0)
            .map(([category, gross]) =>
              lineForAmount(`إلغاء باقي الفاتورة ${invoice.number}`, gross, vatRate, taxes.get(category)),
            )
            .filter((l): l is EinvoiceLine => l !== null),
          discount: 0,
          vatRate,
        };
    if (amounts.lines.length === 0 || totalsOf(amounts).total !== creditable.total) {
      throw new AppError(
        409,
        `تعذر إصدار إشعار دائن بباقي الفاتورة ${invoice.number} (${fromHalalas(creditable.total)} ر.س) تلقائياً: أصدره من صفحة الفاتورة ثم ألغِ الطلب`,
      );
    }
    const order = await lockOrder(tx, orderId);
    notes.push(await issue(tx, ctx, { kind: 'credit', order, amounts, corrects: invoice, reason }));
  }
  return notes;
}

/** The VAT categories of an issued invoice, each with its reason. */
function invoiceTaxes(invoice: IssuedDocument) {
  return new Map(invoice.snapshot.lines.map((l) => [lineTaxOf(l).vatCategory, lineTaxOf(l)]));
}

/** The invoice category a note (or a note's line) corrects: the one named, or the invoice's only one. */
function noteTax(invoice: IssuedDocument, named: VatCategory | undefined, field: string): LineTax {
  const taxes = invoiceTaxes(invoice);
  if (named) {
    const tax = taxes.get(named);
    if (!tax) {
      const message = `الفاتورة ${invoice.number} ليس فيها بنود «${vatCategoryLabels[named]}»`;
      throw new AppError(422, message, { fieldErrors: { [field]: message } });
    }
    return tax;
  }
  if (taxes.size > 1) {
    const message = `في الفاتورة ${invoice.number} أكثر من فئة ضريبة: اختر فئة الإشعار (${[...taxes.keys()].map((c) => vatCategoryLabels[c]).join('، ')})`;
    throw new AppError(422, message, { fieldErrors: { [field]: message } });
  }
  return [...taxes.values()][0] ?? standardLineTax;
}

function noteLine(
  invoiceNumber: string,
  kind: 'credit' | 'debit',
  gross: number,
  vatRate: number,
  tax: LineTax,
): EinvoiceLine {
  const name =
    kind === 'credit' ? `تخفيض على الفاتورة ${invoiceNumber}` : `إضافة على الفاتورة ${invoiceNumber}`;
  if (gross <= 0) return { name, quantity: 1, unitPrice: '0.00', lineTotal: '0.00', ...tax };
  const line = lineForAmount(name, gross, vatRate, tax);
  if (!line) {
    const message = unreachableAmount(gross, vatRateOf(tax.vatCategory, vatRate));
    throw new AppError(422, message, { fieldErrors: { amount: message } });
  }
  return line;
}

/** A credit or debit note against an issued invoice, with its reason; a credit never exceeds what is creditable. */
export async function issueNote(
  tx: Tx,
  ctx: ActorContext,
  invoiceId: string,
  kind: 'credit' | 'debit',
  input: NoteInput,
) {
  const [invoice] = await tx.select().from(einvoices).where(eq(einvoices._id, invoiceId)).for('update');
  if (!invoice) throw new AppError(404, 'الفاتورة غير موجودة');
  if (invoice.kind !== 'invoice') throw new AppError(409, 'الإشعار يصدر على فاتورة، لا على إشعار آخر');
  if (invoice.status === 'rejected')
    throw new AppError(
      409,
      'رفضت الهيئة هذه الفاتورة فلا تُحسب ولا يصدر عليها إشعار: صحّح ما ذكرته الهيئة ثم أصدر فاتورة الطلب من جديد',
    );
  const order = await lockOrder(tx, invoice.order);
  if (order.status === 'cancelled' && kind === 'debit')
    throw new AppError(409, `الطلب رقم ${order.number} ملغي: لا يصدر إشعار مدين على فاتورته`);
  const vatRate = Number(invoice.snapshot.vatRate);
  const lines: EinvoiceLine[] = input.lines?.length
    ? input.lines.map((l, i) => {
        const unit = toHalalas(l.unitPrice);
        if (unit * l.quantity > MAX_LINE_HALALAS) {
          const message = tooLargeMessage('مبلغ البند', MAX_LINE_HALALAS);
          throw new AppError(422, message, { fieldErrors: { [`lines.${i}.unitPrice`]: message } });
        }
        return {
          name: l.name,
          quantity: l.quantity,
          unitPrice: fromHalalas(unit),
          lineTotal: fromHalalas(unit * l.quantity),
          ...noteTax(invoice, l.vatCategory ?? input.vatCategory, `lines.${i}.vatCategory`),
        };
      })
    : [
        noteLine(
          invoice.number,
          kind,
          toHalalas(input.amount ?? '0'),
          vatRate,
          noteTax(invoice, input.vatCategory, 'vatCategory'),
        ),
      ];
  const amounts = { lines, discount: 0, vatRate };
  const { total } = totalsOf(amounts);
  if (kind === 'debit') {
    // A debit note corrects an undercharge: together they add at most the invoice's own total;
    // anything more is new work, sold on an order of its own.
    const debited = await debitedOf(tx, invoice);
    if (debited + total > toHalalas(invoice.total)) {
      const message = `الإشعارات المدينة على الفاتورة ${invoice.number} لا تزيد معاً عن قيمتها (${invoice.total} ر.س)، وقد صدر منها ${fromHalalas(debited)} ر.س: أصدر ما زاد في طلب جديد`;
      throw new AppError(422, message, { fieldErrors: { amount: message } });
    }
  }
  if (total <= 0)
    throw new AppError(422, 'قيمة الإشعار يجب أن تكون أكبر من صفر', {
      fieldErrors: { amount: 'قيمة الإشعار يجب أن تكون أكبر من صفر' },
    });
  if (kind === 'credit') {
    const creditable = await creditableOf(tx, invoice);
    if (total > creditable.total) {
      const message = `الإشعار الدائن (${fromHalalas(total)} ر.س) أكبر مما يمكن تخفيضه من الفاتورة (${fromHalalas(creditable.total)} ر.س)`;
      throw new AppError(422, message, { fieldErrors: { amount: message } });
    }
    for (const [category, gross] of grossByCategory(amounts)) {
      const left = creditable.byCategory.get(category) ?? 0;
      if (gross > left) {
        const message = `الإشعار الدائن لبنود «${vatCategoryLabels[category]}» (${fromHalalas(gross)} ر.س) أكبر مما بقي منها في الفاتورة (${fromHalalas(left)} ر.س)`;
        throw new AppError(422, message, { fieldErrors: { amount: message } });
      }
    }
  }
  return issue(tx, ctx, { kind, order, amounts, corrects: invoice, reason: input.reason });
}
