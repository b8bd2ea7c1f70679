import { normalizeArabic, paymentStatuses } from '@idara/domain';
import { customers, orders, paymentMethods, payments } from '../../db/schema';
import { filtersOn, listResource } from '../../http/list-parts';

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

export const paymentResource = listResource(payments, paymentFields, {
  joins: { order: orders, customer: customers, paymentMethod: paymentMethods },
  filters: filtersOn(payments, {
    enum: { status: paymentStatuses },
    uuid: ['paymentMethod', 'customer', 'order'],
    date: ['createdAt', 'paidAt'],
  }),
});

export function paymentSearchText(number: number, orderNumber: number, customerName: string) {
  return normalizeArabic(`${number} ${orderNumber} ${customerName}`);
}
