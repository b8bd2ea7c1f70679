import { z } from 'zod';
import { orderStatuses } from '../../orders';
import { units } from '../../units';
import { vatCategories } from '../../vat-categories';
import { dateTimeOut, idOut, listOf, moneyOut, storedRowOut } from './common';

/** An order as lists show it, with the joined names (docs/API.md, Orders). */
export const orderRowOut = storedRowOut('OrderRow', {
  number: z.number().int(),
  version: z.number().int(),
  customer: idOut,
  customerName: z.string(),
  customerPhone: z.string(),
  contract: idOut.nullable(),
  contractName: z.string().nullable(),
  city: idOut.nullable(),
  cityName: z.string().nullable(),
  address: z.string(),
  status: z.enum(orderStatuses),
  /** User ids. */
  assignees: z.array(idOut),
  scheduledAt: dateTimeOut.nullable(),
  /** YYYY-MM-DD */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  subtotal: moneyOut,
  discount: moneyOut,
  /** Percent, copied from the settings when the order was created. */
  taxRate: z.number(),
  taxAmount: moneyOut,
  total: moneyOut,
  paid: moneyOut,
  /** The receivable figures of packages/domain receivables.ts. */
  invoiced: moneyOut,
  /** Σ debit notes − Σ credit notes: the order is worth total + adjusted after its notes. */
  adjusted: moneyOut,
  /** total + adjusted − Σ payments not rejected: what may still be requested as a payment. */
  balance: moneyOut,
  pending: moneyOut,
  outstanding: moneyOut,
  uninvoiced: moneyOut,
  notes: z.string(),
  createdBy: idOut.nullable(),
});
export type OrderRow = z.output<typeof orderRowOut>;
export const orderListOut = listOf(orderRowOut);

export const orderItemOut = z.object({
  _id: idOut,
  service: idOut,
  /** The service's name when the order was written. */
  name: z.string(),
  quantity: z.number(),
  unit: z.enum(units),
  unitPrice: moneyOut,
  lineTotal: moneyOut,
  vatCategory: z.enum(vatCategories),
  vatExemptionCode: z.string(),
  vatExemptionReason: z.string(),
});
export type OrderItem = z.output<typeof orderItemOut>;

/** `GET /api/order/:id` (and update, status): the row, its lines and the moves its status may make now. */
export const orderOut = orderRowOut
  .extend({ items: z.array(orderItemOut), allowedStatuses: z.array(z.enum(orderStatuses)) })
  .meta({ id: 'Order' });
export type Order = z.output<typeof orderOut>;
/** `POST /api/order`: the order and how many tasks were made with it. */
export const orderCreatedOut = orderOut.extend({ tasksCreated: z.number().int() });
export type OrderCreated = z.output<typeof orderCreatedOut>;

/** `GET /api/order/totals`: the receivable figures summed over the orders the filters select. */
export const orderTotalsOut = z.object({
  count: z.number().int(),
  total: moneyOut,
  invoiced: moneyOut,
  paid: moneyOut,
  pending: moneyOut,
  outstanding: moneyOut,
  uninvoiced: moneyOut,
});
export type OrderListTotals = z.output<typeof orderTotalsOut>;
