import {
  allPermissions,
  entityNouns,
  fromHalalas,
  MAX_DOCUMENT_HALALAS,
  type PaymentStatus,
  type paymentBody,
  paymentStatusLabels,
  paymentTransitionPermission,
  paymentTransitions,
  toHalalas,
  tooLargeMessage,
  vatInPayment,
} from '@idara/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { customers, orderItems, orders, paymentMethods, payments } from '../../db/schema';
import { assertFreshVersion, type IfMatch, nextVersion } from '../../http/edit-version';
import { AppError, fieldError, forbidden, notFound } from '../../http/errors';
import { withJoinsSelect } from '../../http/list-query';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import { nextNumber } from '../../lib/counters';
import { issueOrderInvoice } from '../invoice/issue';
import { getSettings } from '../settings/service';
import { paymentFields, paymentResource, paymentSearchText } from './resource';

type PaymentInput = z.output<typeof paymentBody>;
type Row = Record<string, unknown>;

/** What the activity log keeps of a payment. */
function activitySnapshot(p: Row) {
  const keep = [
    'number',
    'orderNumber',
    'customerName',
    'amount',
    'taxAmount',
    'paymentMethodName',
    'status',
    'dueDate',
    'note',
    'rejectionReason',
  ];
  return Object.fromEntries(keep.map((k) => [k, p[k]]));
}

/** The VAT an amount paid towards the order contains (`vatInPayment`: in proportion when not all standard-rated). */
async function vatInOrderPayment(
  tx: Tx,
  order: { _id: string; taxRate: number; taxAmount: string; total: string },
  amount: number,
) {
  const [other] = await tx
    .select({ _id: orderItems._id })
    .from(orderItems)
    .where(and(eq(orderItems.order, order._id), ne(orderItems.vatCategory, 'S')))
    .limit(1);
  return vatInPayment(amount, {
    taxRate: Number(order.taxRate),
    taxAmount: toHalalas(order.taxAmount),
    total: toHalalas(order.total),
    onlyStandard: !other,
  });
}

export async function loadPayment(db: DbOrTx, id: string) {
  const [row] = (await withJoinsSelect(db, paymentResource, paymentFields).where(
    eq(payments._id, id),
  )) as Row[];
  if (!row) throw notFound(entityNouns.payment);
  return row;
}

export async function lockOrderForPayment(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders._id, orderId)).for('update');
  if (!order) throw fieldError('order', 'الطلب المختار غير موجود');
  return order;
}

/** Refuses more than the balance unless the user confirmed it (409 code 'overpay'). */
function checkBalance(amount: number, balance: number, allowOverpay: boolean) {
  if (amount > MAX_DOCUMENT_HALALAS)
    throw fieldError('amount', tooLargeMessage('مبلغ الدفعة', MAX_DOCUMENT_HALALAS));
  if (amount > balance && !allowOverpay) {
    throw new AppError(
      409,
      `المبلغ أكبر من المتاح للتسجيل على الطلب (${fromHalalas(Math.max(balance, 0))} ر.س)، أكّد لتسجيله`,
      { code: 'overpay', balance: fromHalalas(balance) },
    );
  }
}

async function checkMethod(tx: Tx, id: string) {
  const [method] = await tx
    .select({ active: paymentMethods.active })
    .from(paymentMethods)
    .where(eq(paymentMethods._id, id));
  if (!method) throw fieldError('paymentMethod', 'طريقة الدفع غير موجودة');
  if (!method.active) throw fieldError('paymentMethod', 'طريقة الدفع غير مفعّلة');
}

export async function createPayment(tx: Tx, actor: ActorContext, input: PaymentInput) {
  const order = await lockOrderForPayment(tx, input.order);
  if (order.status === 'cancelled') throw fieldError('order', 'لا يمكن تسجيل دفعة على طلب ملغي');
  await checkMethod(tx, input.paymentMethod);
  const amount = toHalalas(input.amount);
  const balance = toHalalas(order.balance);
  checkBalance(amount, balance, input.allowOverpay);
  const [customer] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers._id, order.customer));
  const number = await nextNumber(tx, 'invoice');
  const [row] = await tx
    .insert(payments)
    .values({
      number,
      order: order._id,
      customer: order.customer,
      amount: input.amount,
      taxRate: order.taxRate,
      taxAmount: fromHalalas(await vatInOrderPayment(tx, order, amount)),
      paymentMethod: input.paymentMethod,
      dueDate: input.dueDate,
      note: input.note,
      requestedBy: actor.actorId,
      searchText: paymentSearchText(number, order.number, customer?.name ?? ''),
    })
    .returning({ _id: payments._id });
  await tx
    .update(orders)
    .set({ balance: fromHalalas(balance - amount), updatedAt: new Date() })
    .where(eq(orders._id, order._id));
  const payment = await loadPayment(tx, row._id);
  await recordActivity(tx, actor, {
    action: 'create',
    entity: 'payment',
    entityId: row._id,
    summary: `تسجيل الدفعة رقم ${number} بمبلغ ${input.amount} ر.س على الطلب رقم ${order.number}`,
    after: activitySnapshot(payment),
  });
  return { payment, orderNumber: order.number };
}

async function lockPayment(tx: Tx, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments._id, id)).for('update');
  if (!row) throw notFound(entityNouns.payment);
  return row;
}

export async function updatePayment(
  tx: Tx,
  actor: ActorContext,
  id: string,
  input: PaymentInput,
  ifMatch?: IfMatch,
) {
  const locked = await lockPayment(tx, id);
  await assertFreshVersion(tx, ifMatch, { entity: 'payment', entityId: id, current: locked.version });
  if (locked.status !== 'pending') {
    throw new AppError(409, `لا يمكن تعديل دفعة ${paymentStatusLabels[locked.status as PaymentStatus]}`);
  }
  if (input.order !== locked.order) throw fieldError('order', 'لا يمكن نقل الدفعة إلى طلب آخر');
  const order = await lockOrderForPayment(tx, locked.order);
  await checkMethod(tx, input.paymentMethod);
  const before = await loadPayment(tx, id);
  const amount = toHalalas(input.amount);
  const balance = toHalalas(order.balance) + toHalalas(locked.amount);
  if (amount !== toHalalas(locked.amount)) checkBalance(amount, balance, input.allowOverpay);
  await tx
    .update(payments)
    .set({
      amount: input.amount,
      taxAmount: fromHalalas(await vatInOrderPayment(tx, order, amount)),
      paymentMethod: input.paymentMethod,
      dueDate: input.dueDate,
      note: input.note,
      version: nextVersion(payments.version),
      updatedAt: new Date(),
    })
    .where(eq(payments._id, id));
  await tx
    .update(orders)
    .set({ balance: fromHalalas(balance - amount), updatedAt: new Date() })
    .where(eq(orders._id, order._id));
  const after = await loadPayment(tx, id);
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'payment',
    entityId: id,
    summary: `تعديل الدفعة رقم ${locked.number}`,
    before: activitySnapshot(before),
    after: activitySnapshot(after),
  });
  return after;
}

/**
 * Four eyes: with the setting on, whoever recorded a payment neither approves nor rejects it. An
 * administrator (every permission) may, with a reason that goes into the activity row.
 */
async function assertFourEyes(
  tx: Tx,
  actor: ActorContext & { permissions: readonly string[] },
  requestedBy: string | null,
  status: PaymentStatus,
  overrideReason: string,
) {
  if (status !== 'approved' && status !== 'rejected') return '';
  if (!requestedBy || requestedBy !== actor.actorId) return '';
  if (!(await getSettings(tx)).fourEyes) return '';
  const admin = allPermissions.every((p) => actor.permissions.includes(p));
  if (admin && overrideReason.length >= 3) return overrideReason;
  throw new AppError(
    403,
    admin
      ? 'سجّلت هذه الدفعة بنفسك: اكتب سبب اعتمادها دون مراجع آخر'
      : 'لا يمكن اعتماد دفعة سجّلتها بنفسك أو رفضها: يراجعها زميل آخر',
    admin ? { fieldErrors: { overrideReason: 'اكتب السبب' } } : undefined,
  );
}

/**
 * pending → approved | rejected (payment:approve), approved → paid (payment:update). The order's
 * balance (rejected frees the amount) and paid (paid adds it) change in the same transaction.
 */
export async function changePaymentStatus(
  tx: Tx,
  actor: ActorContext & { permissions: readonly string[] },
  id: string,
  status: PaymentStatus,
  reason: string,
  overrideReason = '',
) {
  const locked = await lockPayment(tx, id);
  const from = locked.status as PaymentStatus;
  if (status === 'pending' || !paymentTransitions[from]?.includes(status)) {
    throw new AppError(
      409,
      `لا يمكن نقل الدفعة من «${paymentStatusLabels[from]}» إلى «${paymentStatusLabels[status]}»`,
    );
  }
  if (!actor.permissions.includes(paymentTransitionPermission[status])) throw forbidden();
  const override = await assertFourEyes(tx, actor, locked.requestedBy, status, overrideReason);
  const order = await lockOrderForPayment(tx, locked.order);
  const now = new Date();
  const change: Partial<typeof payments.$inferInsert> = { status, updatedAt: now };
  if (status === 'approved' || status === 'rejected') {
    change.reviewedBy = actor.actorId;
    change.reviewedAt = now;
  }
  if (status === 'rejected') change.rejectionReason = reason;
  if (status === 'paid') change.paidAt = now;
  await tx
    .update(payments)
    .set(change)
    .where(and(eq(payments._id, id), eq(payments.status, from)));
  const amount = toHalalas(locked.amount);
  if (status === 'rejected') {
    await tx
      .update(orders)
      .set({ balance: fromHalalas(toHalalas(order.balance) + amount), updatedAt: now })
      .where(eq(orders._id, order._id));
  }
  let issued: string | null = null;
  if (status === 'paid') {
    await tx
      .update(orders)
      .set({ paid: fromHalalas(toHalalas(order.paid) + amount), updatedAt: now })
      .where(eq(orders._id, order._id));
    // Money received is a tax point: the order's invoice is issued now if it was not before.
    issued = (await issueOrderInvoice(tx, actor, order._id, { automatic: true }))?._id ?? null;
  }
  const after = await loadPayment(tx, id);
  await recordActivity(tx, actor, {
    action: 'update',
    entity: 'payment',
    entityId: id,
    summary: `${status === 'approved' ? 'اعتماد' : status === 'rejected' ? 'رفض' : 'تسجيل سداد'} الدفعة رقم ${locked.number}`,
    before: { status: from },
    after: {
      status,
      ...(reason ? { rejectionReason: reason } : {}),
      ...(override ? { fourEyesOverride: override } : {}),
    },
  });
  return { payment: after, requestedBy: locked.requestedBy, issued };
}
