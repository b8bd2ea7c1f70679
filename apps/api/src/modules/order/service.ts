import {
  approvedPaymentStatuses,
  documentTaxProblem,
  formatQuantity,
  fromHalalas,
  type LineTax,
  lineAmount,
  lineTaxOf,
  lineTaxProblems,
  MAX_DOCUMENT_HALALAS,
  MAX_LINE_HALALAS,
  type OrderStatus,
  type orderBody,
  orderStatusLabels,
  orderTotals,
  orderTransitions,
  quantityProblem,
  toHalalas,
  tooLargeMessage,
  unitOf,
} from '@idara/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { customers, einvoices, orderItems, orders, payments, services, users } from '../../db/schema';
import { assertFreshVersion, type IfMatch, nextVersion } from '../../http/edit-version';
import { AppError, fieldError, notFound } from '../../http/errors';
import { withJoinsSelect } from '../../http/list-query';
import { assertExists } from '../../http/references';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import { nextNumber } from '../../lib/counters';
import { countedDocuments } from '../invoice/counted';
import { creditWholeOrder, issueOrderInvoice } from '../invoice/issue';
import { getSettings } from '../settings/service';
import { orderFields, orderLineColumns, orderResource, orderSearchText } from './resource';

type OrderInput = z.output<typeof orderBody>;
type Row = Record<string, unknown>;

/** An order as the API shows it: the list's fields, its lines, and the moves its status may make. */
export async function loadOrder(db: DbOrTx, id: string) {
  const [order] = (await withJoinsSelect(db, orderResource, orderFields).where(eq(orders._id, id))) as Row[];
  if (!order) throw notFound('الطلب');
  const items = await db
    .select({ _id: orderItems._id, service: orderItems.service, ...orderLineColumns })
    .from(orderItems)
    .where(eq(orderItems.order, id))
    .orderBy(asc(orderItems.position));
  return { ...order, items, allowedStatuses: orderTransitions[order.status as OrderStatus] ?? [] } as Row & {
    items: typeof items;
  };
}

/** What the activity log keeps of an order: the fields people read, lines as one Arabic text. */
function activitySnapshot(order: Row & { items: { name: string; quantity: number }[] }) {
  const keep = [
    'number',
    'customerName',
    'cityName',
    'contractName',
    'address',
    'status',
    'assignees',
    'scheduledAt',
    'startDate',
    'endDate',
    'subtotal',
    'discount',
    'taxAmount',
    'total',
    'notes',
  ];
  const out: Row = Object.fromEntries(keep.map((k) => [k, order[k]]));
  out.items = order.items.map((i) => `${i.name} × ${formatQuantity(i.quantity)}`).join('، ');
  return out;
}

/** Checks every referenced record and prices the lines; throws 422 naming the field. */
async function resolveInput(tx: Tx, input: OrderInput, taxRate: number) {
  const [customer] = await tx
    .select({ name: customers.name, phoneNumber: customers.phoneNumber })
    .from(customers)
    .where(eq(customers._id, input.customer));
  if (!customer) throw fieldError('customer', 'العميل المختار غير موجود');
  await assertExists(tx, 'contract', 'contract', input.contract);
  await assertExists(tx, 'city', 'city', input.city);
  const assignees = [...new Set(input.assignees)];
  if (assignees.length) {
    const found = await tx
      .select({ _id: users._id })
      .from(users)
      .where(and(inArray(users._id, assignees), eq(users.active, true)));
    if (found.length !== assignees.length)
      throw fieldError('assignees', 'أحد الموظفين المختارين غير موجود أو غير مفعّل');
  }
  const serviceIds = [...new Set(input.items.map((i) => i.service))];
  const found = await tx
    .select({
      _id: services._id,
      name: services.name,
      unit: services.unit,
      vatCategory: services.vatCategory,
      vatExemptionCode: services.vatExemptionCode,
      vatExemptionReason: services.vatExemptionReason,
    })
    .from(services)
    .where(inArray(services._id, serviceIds));
  const byId = new Map(found.map((s) => [s._id, s]));
  const lines = input.items.map((item, i) => {
    const service = byId.get(item.service);
    if (!service) throw fieldError(`items.${i}.service`, 'الخدمة المختارة غير موجودة');
    // The line's own category when it names one, else the service's.
    const tax: LineTax = item.vatCategory
      ? {
          vatCategory: item.vatCategory,
          vatExemptionCode: item.vatExemptionCode ?? '',
          vatExemptionReason: item.vatExemptionReason ?? '',
        }
      : lineTaxOf(service as Partial<LineTax>);
    const problems = lineTaxProblems(tax);
    if (problems) {
      const [field, message] = Object.entries(problems)[0];
      throw fieldError(`items.${i}.${field}`, `${service.name}: ${message}`);
    }
    const unit = unitOf(service.unit);
    const quantityWrong = quantityProblem(item.quantity, unit);
    if (quantityWrong) throw fieldError(`items.${i}.quantity`, `${service.name}: ${quantityWrong}`);
    const unitPriceH = toHalalas(item.unitPrice);
    const amount = lineAmount(item.quantity, unitPriceH);
    if (amount !== null && amount > MAX_LINE_HALALAS)
      throw fieldError(
        `items.${i}.unitPrice`,
        `${service.name}: ${tooLargeMessage('مبلغ البند', MAX_LINE_HALALAS)}`,
      );
    if (amount === null)
      throw fieldError(
        `items.${i}.quantity`,
        `${service.name}: ${formatQuantity(item.quantity)} × ${item.unitPrice} ر.س لا يساوي عدداً صحيحاً من الهللات، ولا يُقرَّب مبلغ: عدّل الكمية أو السعر`,
      );
    return { ...item, ...tax, name: service.name, unit, unitPriceH, amount };
  });
  const mixProblem = documentTaxProblem(lines);
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  if (subtotal > MAX_DOCUMENT_HALALAS)
    throw fieldError('items', tooLargeMessage('مجموع الطلب', MAX_DOCUMENT_HALALAS));
  if (mixProblem) throw fieldError('items', mixProblem);
  let totals: ReturnType<typeof orderTotals>;
  try {
    totals = orderTotals(
      lines.map((l) => ({ ...l, unitPrice: l.unitPriceH })),
      toHalalas(input.discount),
      taxRate,
    );
  } catch (err) {
    if ((err as Error).message.includes('الخصم')) throw fieldError('discount', 'الخصم أكبر من مجموع البنود');
    throw fieldError('items', 'مجموع الطلب أكبر من المسموح');
  }
  const itemRows = lines.map((l, position) => ({
    service: l.service,
    name: l.name,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: l.unitPrice,
    lineTotal: fromHalalas(totals.lines[position]),
    vatCategory: l.vatCategory,
    vatExemptionCode: l.vatExemptionCode,
    vatExemptionReason: l.vatExemptionReason,
    position,
  }));
  return { customer, assignees, totals, itemRows };
}

function orderValues(input: OrderInput, resolved: Awaited<ReturnType<typeof resolveInput>>) {
  const { totals } = resolved;
  return {
    customer: input.customer,
    contract: input.contract,
    city: input.city,
    address: input.address,
    assignees: resolved.assignees,
    scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
    startDate: input.startDate,
    endDate: input.endDate,
    notes: input.notes,
    subtotal: fromHalalas(totals.subtotal),
    discount: fromHalalas(totals.discount),
    taxAmount: fromHalalas(totals.taxAmount),
    total: fromHalalas(totals.total),
  };
}

export async function createOrder(tx: Tx, actor: ActorContext, input: OrderInput) {
  const { tax } = await getSettings(tx);
  const resolved = await resolveInput(tx, input, Number(tax));
  const number = await nextNumber(tx, 'order');
  const [row] = await tx
    .insert(orders)
    .values({
      ...orderValues(input, resolved),
      number,
      taxRate: Number(tax),
      balance: fromHalalas(resolved.totals.total),
      createdBy: actor.actorId,
      searchText: orderSearchText(number, resolved.customer),
    })
    .returning({ _id: orders._id });
  await tx.insert(orderItems).values(resolved.itemRows.map((i) => ({ ...i, order: row._id })));
  const order = await loadOrder(tx, row._id);
  await recordActivity(tx, actor, {
    action: 'create',
    entity: 'order',
    entityId: row._id,
    summary: `إضافة الطلب رقم ${number} للعميل «${resolved.customer.name}»`,
    after: activitySnapshot(order),
  });
  return order;
}

async function lockOrder(tx: Tx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders._id, id)).for('update');
  if (!row) throw notFound('الطلب');
  return row;
}

export async function updateOrder(
  tx: Tx,
  actor: ActorContext,
  id: string,
  input: OrderInput,
  ifMatch?: IfMatch,
) {
  const locked = await lockOrder(tx, id);
  await assertFreshVersion(tx, ifMatch, { entity: 'order', entityId: id, current: locked.version });
  if (locked.status === 'completed' || locked.status === 'cancelled') {
    throw new AppError(409, `لا يمكن تعديل طلب ${orderStatusLabels[locked.status as OrderStatus]}`);
  }
  const [invoice] = await tx
    .select({ number: einvoices.number })
    .from(einvoices)
    .where(and(eq(einvoices.order, id), countedDocuments()))
    .limit(1);
  if (invoice) {
    throw new AppError(
      409,
      `صدرت للطلب الفاتورة ${invoice.number} ولا تتغير بعد إصدارها: صحّح المبلغ بإشعار دائن أو مدين عليها`,
    );
  }
  const before = await loadOrder(tx, id);
  const resolved = await resolveInput(tx, input, Number(locked.taxRate));
  // What payments already claim (every payment not rejected) stays claimed.
  const claimed = toHalalas(locked.total) + toHalalas(locked.adjusted) - toHalalas(locked.balance);
  if (resolved.totals.total < claimed) {
    throw fieldError(
      'items',
      `إجمالي الطلب لا يقل عن ${fromHalalas(claimed)} ر.س، وهو مجموع الدفعات المسجلة عليه`,
    );
  }
  await tx
    .update(orders)
    .set({
      ...orderValues(input, resolved),
      balance: fromHalalas(resolved.totals.total + toHalalas(locked.adjusted) - claimed),
      searchText: orderSearchText(locked.number, resolved.customer),
      version: nextVersion(orders.version),
      updatedAt: new Date(),
    })
    .where(eq(orders._id, id));
  await tx.delete(orderItems).where(eq(orderItems.order, id));
  await tx.insert(orderItems).values(resolved.itemRows.map((i) => ({ ...i, order: id })));
  const after = await loadOrder(tx, id);
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'order',
    entityId: id,
    summary: `تعديل الطلب رقم ${locked.number}`,
    before: activitySnapshot(before),
    after: activitySnapshot(after),
  });
  return after;
}

/**
 * Moves an order. Completing issues its invoice; cancelling an invoiced order needs a reason and
 * takes the invoice back with a credit note in the same transaction (`mayCredit`: the actor holds
 * invoice:credit).
 */
export async function changeOrderStatus(
  tx: Tx,
  actor: ActorContext,
  id: string,
  status: OrderStatus,
  cancel: { reason?: string; mayCredit?: boolean } = {},
) {
  const locked = await lockOrder(tx, id);
  const from = locked.status as OrderStatus;
  if (!orderTransitions[from]?.includes(status)) {
    throw new AppError(
      409,
      `لا يمكن نقل الطلب من «${orderStatusLabels[from]}» إلى «${orderStatusLabels[status]}»`,
    );
  }
  let credited: string[] = [];
  if (status === 'cancelled') {
    const [settled] = await tx
      .select({ _id: payments._id })
      .from(payments)
      .where(and(eq(payments.order, id), inArray(payments.status, [...approvedPaymentStatuses])))
      .limit(1);
    if (settled) throw new AppError(409, 'لا يمكن إلغاء طلب عليه دفعات معتمدة أو مدفوعة');
  }
  if (status === 'cancelled' && toHalalas(locked.invoiced) !== 0) {
    const invoiced = `${fromHalalas(toHalalas(locked.invoiced))} ر.س`;
    if (!cancel.mayCredit)
      throw new AppError(
        403,
        `للطلب فاتورة صادرة بقيمة ${invoiced}، وإلغاؤه يصدر إشعاراً دائناً بها: يحتاج ذلك صلاحية إصدار الإشعارات الدائنة`,
      );
    if (!cancel.reason || cancel.reason.length < 3)
      throw new AppError(
        409,
        `للطلب فاتورة صادرة بقيمة ${invoiced}: اكتب سبب الإلغاء، ويصدر به إشعار دائن بقيمتها`,
        { code: 'credit_note_reason', invoiced: fromHalalas(toHalalas(locked.invoiced)) },
      );
    credited = (await creditWholeOrder(tx, actor, id, cancel.reason)).map((n) => n._id);
    const [after] = await tx.select({ invoiced: orders.invoiced }).from(orders).where(eq(orders._id, id));
    if (toHalalas(after.invoiced) !== 0)
      throw new AppError(409, 'بقي على الطلب مبلغ مفوتر بعد الإشعار الدائن: راجع فواتيره ثم ألغِه');
  }
  const now = new Date();
  await tx
    .update(orders)
    .set({ status, updatedAt: now, ...(status === 'completed' ? { completedAt: now } : {}) })
    .where(eq(orders._id, id));
  // The work is done: a tax point, so the invoice is issued now if it was not before.
  const issued =
    status === 'completed'
      ? ((await issueOrderInvoice(tx, actor, id, { automatic: true }))?._id ?? null)
      : null;
  const after = await loadOrder(tx, id);
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'order',
    entityId: id,
    summary: `تغيير حالة الطلب رقم ${locked.number} إلى «${orderStatusLabels[status]}»`,
    before: { status: from },
    after: { status },
  });
  return Object.assign(after, { issuedInvoice: issued, creditNotes: credited });
}

export async function deleteOrder(tx: Tx, actor: ActorContext, id: string) {
  const locked = await lockOrder(tx, id);
  const [payment] = await tx
    .select({ _id: payments._id })
    .from(payments)
    .where(eq(payments.order, id))
    .limit(1);
  if (payment) throw new AppError(409, `لا يمكن حذف الطلب رقم ${locked.number} لوجود دفعات مسجلة عليه`);
  const [document] = await tx
    .select({ _id: einvoices._id })
    .from(einvoices)
    .where(eq(einvoices.order, id))
    .limit(1);
  if (document) throw new AppError(409, `لا يمكن حذف الطلب رقم ${locked.number}: صدرت له فاتورة ضريبية`);
  const before = await loadOrder(tx, id);
  await tx.delete(orders).where(eq(orders._id, id));
  await recordActivity(tx, actor, {
    action: 'delete',
    entity: 'order',
    entityId: id,
    summary: `حذف الطلب رقم ${locked.number}`,
    before: activitySnapshot(before),
  });
  return locked.number;
}
