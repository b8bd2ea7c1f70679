import { z } from 'zod';
import { einvoiceKinds, einvoiceScopes, einvoiceStatuses } from '../../einvoice';
import { paymentStatuses } from '../../orders';
import { dateTimeOut, idOut, listOf, moneyOut, storedRowOut } from './common';
import { orderRowOut } from './orders';

/** A payment (a receipt against an order) with the joined names. */
export const paymentOut = storedRowOut('Payment', {
  /** The receipt number (sequential, gap-free). */
  number: z.number().int(),
  version: z.number().int(),
  order: idOut,
  orderNumber: z.number().int(),
  customer: idOut,
  customerName: z.string(),
  /** VAT included. */
  amount: moneyOut,
  taxRate: z.number(),
  taxAmount: moneyOut,
  paymentMethod: idOut,
  paymentMethodName: z.string(),
  status: z.enum(paymentStatuses),
  dueDate: z.string().nullable(),
  paidAt: dateTimeOut.nullable(),
  requestedBy: idOut.nullable(),
  reviewedBy: idOut.nullable(),
  reviewedAt: dateTimeOut.nullable(),
  rejectionReason: z.string(),
  note: z.string(),
});
export type Payment = z.output<typeof paymentOut>;

const paymentTotalsOut = z.object({ amount: moneyOut, taxAmount: moneyOut, count: z.number().int() });
export type PaymentTotals = z.output<typeof paymentTotalsOut>;
/** `GET /api/payment`: the page and the totals of every row the filters select (rejected ones not summed). */
export const paymentListOut = listOf(paymentOut, { totals: paymentTotalsOut });
export type PaymentList = z.output<typeof paymentListOut>;

export const paymentOrderSummaryOut = orderRowOut.pick({
  _id: true,
  number: true,
  total: true,
  paid: true,
  invoiced: true,
  adjusted: true,
  uninvoiced: true,
  balance: true,
  pending: true,
  outstanding: true,
  status: true,
});
export type PaymentOrderSummary = z.output<typeof paymentOrderSummaryOut>;

/** The tax invoice a payment pays: its order's issued invoice (a pre-phase-2 payment: its own). */
export const paidInvoiceOut = z.object({
  _id: idOut,
  number: z.string(),
  kind: z.enum(einvoiceKinds),
  scope: z.enum(einvoiceScopes),
  status: z.enum(einvoiceStatuses),
  phase: z.number().int(),
  total: moneyOut,
  issuedAt: dateTimeOut,
});
export type PaidInvoice = z.output<typeof paidInvoiceOut>;

/** `GET /api/payment/:id` (and a status move): the payment, its order's summary, the allowed moves, the invoice. */
export const paymentDetailsOut = paymentOut
  .extend({
    order: paymentOrderSummaryOut,
    allowedStatuses: z.array(z.enum(paymentStatuses)),
    /** Null until the order's invoice is issued (a payment paid or the order completed). */
    invoice: paidInvoiceOut.nullable(),
  })
  .meta({ id: 'PaymentDetails' });
export type PaymentDetails = z.output<typeof paymentDetailsOut>;
