import { normalizeArabic, paymentStatuses } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { customers, orders, paymentMethods, payments } from '../../db/schema';
import type { ListResource } from '../../http/list-query';

export const paymentFields = {
  _id: payments._id,
  number: payments.number,
  version: payments.version,
  order: payments.order,
  orderNumber: orders.number,
  customer: payments.customer,
  customerName: customers.name,
  amount: payments.amount,
  taxRate: payments.taxRate,
  taxAmount: payments.taxAmount,
  paymentMethod: payments.paymentMethod,
  paymentMethodName: paymentMethods.name,
  status: payments.status,
  dueDate: payments.dueDate,
  paidAt: payments.paidAt,
  requestedBy: payments.requestedBy,
  reviewedBy: payments.reviewedBy,
  reviewedAt: payments.reviewedAt,
  rejectionReason: payments.rejectionReason,
  note: payments.note,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
};

export const paymentResource: ListResource = {
  table: payments,
  joins: [
    { table: orders, on: eq(payments.order, orders._id) },
    { table: customers, on: eq(payments.customer, customers._id) },
    { table: paymentMethods, on: eq(payments.paymentMethod, paymentMethods._id) },
  ],
  fields: paymentFields,
  filters: {
    status: { column: payments.status, type: 'enum', values: paymentStatuses },
    paymentMethod: { column: payments.paymentMethod, type: 'uuid' },
    customer: { column: payments.customer, type: 'uuid' },
    order: { column: payments.order, type: 'uuid' },
    createdAt: { column: payments.createdAt, type: 'date' },
    paidAt: { column: payments.paidAt, type: 'date' },
  },
  searchColumn: payments.searchText,
  defaultSort: '-createdAt',
};

export function paymentSearchText(number: number, orderNumber: number, customerName: string) {
  return normalizeArabic(`${number} ${orderNumber} ${customerName}`);
}
