import {
  type ContractBill,
  contractBills,
  fromHalalas,
  orderBody,
  riyadhDayOf,
  toHalalas,
} from '@idara/domain';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { contractBills as bills, contracts, customerContracts, orderItems } from '../../db/schema';
import { type Write, writeContext } from '../../http/crud';
import { AppError } from '../../http/errors';
import { issueOrderInvoice } from '../invoice/issue';
import { createOrder } from '../order/service';
import { contractTypeOf } from './planning';

type Row = Record<string, unknown>;

/** What a contract bills (`@idara/domain` contractBills), from its stored row and its type. */
async function scheduleOf(tx: Tx, contract: Row) {
  const type = await contractTypeOf(tx, String(contract.contract));
  return {
    type,
    bills: contractBills({
      billing: contract.billing as 'upfront',
      billingPeriod: contract.billingPeriod as 'month',
      startDate: String(contract.startDate),
      endDate: String(contract.endDate),
      durationMonths: type.durationMonths,
      visits: type.visits,
      price: toHalalas(String(contract.price)),
      title: `${type.name} — عقد رقم ${contract.number}`,
    }),
  };
}

/**
 * Bills one period through the tax invoice path: the period is claimed first (one row per contract
 * and period), so however many ticks or processes get here it is billed once; then an order with one
 * line (the type's service, named for the period) and its tax invoice, issued now unless the seller
 * data is incomplete (the order stays to be invoiced from its page, as any order's would).
 */
async function billPeriod(tx: Tx, contract: Row, serviceId: string, bill: ContractBill, write: Write) {
  const [claimed] = await tx
    .insert(bills)
    .values({ customerContract: String(contract._id), period: bill.period })
    .onConflictDoNothing()
    .returning({ _id: bills._id });
  if (!claimed) return;
  const order = await createOrder(
    tx,
    write.actor,
    orderBody.parse({
      customer: contract.customer,
      contract: contract.contract,
      city: contract.city ?? null,
      address: contract.address ?? '',
      items: [{ service: serviceId, quantity: 1, unitPrice: fromHalalas(bill.amount) }],
      startDate: bill.startDate,
      endDate: bill.endDate,
      notes: bill.label,
    }),
  );
  await tx
    .update(orderItems)
    .set({ name: bill.label })
    .where(eq(orderItems.order, String(order._id)));
  await tx
    .update(bills)
    .set({ order: String(order._id) })
    .where(eq(bills._id, claimed._id));
  const invoice = await issueOrderInvoice(tx, write.actor, String(order._id), { automatic: true });
  if (invoice) write.emit('einvoice.issued', { einvoiceId: invoice._id, actorId: write.actor.actorId });
  write.emit('records.changed', { area: 'order', ids: [String(order._id)] });
}

/** The type's service, which every bill is a line of: none set, the contract cannot be billed. */
function serviceOf(type: { name: string; service: string | null }) {
  if (!type.service)
    throw new AppError(422, `حدد خدمة الفوترة لنوع العقد «${type.name}» في أنواع العقود، ليُفوتر بها العقد`, {
      fieldErrors: { contract: 'نوع العقد بلا خدمة فوترة' },
    });
  return type.service;
}

/** A contract is sold only of a type that says which service it is invoiced as. */
export async function assertBillable(tx: Tx, contractTypeId: string) {
  const [type] = await tx
    .select({ name: contracts.name, service: contracts.service })
    .from(contracts)
    .where(eq(contracts._id, contractTypeId));
  if (type) serviceOf(type);
}

/** Bills what has fallen due by `today` (upfront at the start, each period from its first day). */
export async function billDue(tx: Tx, contract: Row, today: string, write: Write) {
  if (contract.status === 'cancelled' || contract.billing === 'per_visit') return;
  const { type, bills: schedule } = await scheduleOf(tx, contract);
  const service = serviceOf(type);
  for (const bill of schedule)
    if (bill.day && bill.day <= today) await billPeriod(tx, contract, service, bill, write);
}

/** A per-visit contract bills a visit of its plan when it is done. */
export async function billDoneVisit(tx: Tx, contractId: string, sequence: number, write: Write) {
  const [contract] = await tx.select().from(customerContracts).where(eq(customerContracts._id, contractId));
  if (contract?.billing !== 'per_visit' || contract.status === 'cancelled') return;
  const { type, bills: schedule } = await scheduleOf(tx, contract);
  const bill = schedule.find((b) => b.period === sequence);
  if (bill) await billPeriod(tx, contract, serviceOf(type), bill, write);
}

const system = { actorId: null, actorName: 'النظام', ip: '', userAgent: '' };

/**
 * The daily tick's part: every upfront or per-period contract not cancelled bills what is due, each
 * in its own transaction (one that cannot be billed is logged and the rest go on). Answers how many
 * contracts were looked at.
 */
export async function billDueContracts(app: FastifyInstance, now: Date) {
  const today = riyadhDayOf(now);
  const due = await app.db
    .select()
    .from(customerContracts)
    .where(
      and(
        inArray(customerContracts.status, ['active', 'expired']),
        inArray(customerContracts.billing, ['upfront', 'per_period']),
        lte(customerContracts.startDate, today),
      ),
    );
  for (const contract of due) {
    const { write, committed } = writeContext(app.events, system);
    try {
      await app.db.transaction((tx) => billDue(tx, contract, today, write));
      committed();
    } catch (err) {
      app.log.error({ err, contract: contract._id }, 'contract billing failed');
    }
  }
  return due.length;
}
