import { formatSaudiPhoneLocal, normalizeArabic, orderStatuses } from '@idara/domain';
import { sql } from 'drizzle-orm';
import { cities, contracts, customers, orderItems, orders } from '../../db/schema';
import { filtersOn, listResource } from '../../http/list-parts';
import { containsFilter } from '../../http/list-query';

export const orderFields = {
  _id: orders._id,
  number: orders.number,
  version: orders.version,
  customer: orders.customer,
  customerName: customers.name,
  customerPhone: customers.phoneNumber,
  contract: orders.contract,
  contractName: contracts.name,
  city: orders.city,
  cityName: cities.name,
  address: orders.address,
  status: orders.status,
  assignees: orders.assignees,
  scheduledAt: orders.scheduledAt,
  startDate: orders.startDate,
  endDate: orders.endDate,
  subtotal: orders.subtotal,
  discount: orders.discount,
  taxRate: orders.taxRate,
  taxAmount: orders.taxAmount,
  total: orders.total,
  paid: orders.paid,
  invoiced: orders.invoiced,
  adjusted: orders.adjusted,
  balance: orders.balance,
  pending: orders.pending,
  outstanding: orders.outstanding,
  uninvoiced: orders.uninvoiced,
  notes: orders.notes,
  createdBy: orders.createdBy,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export const orderResource = listResource(orders, orderFields, {
  joins: { customer: customers, contract: contracts, city: cities },
  filters: {
    ...filtersOn(orders, {
      enum: { status: orderStatuses },
      uuid: ['customer', 'city', 'contract'],
      date: ['createdAt', 'scheduledAt'],
    }),
    service: {
      column: orderItems.service,
      type: 'uuid',
      where: (id) =>
        sql`exists (select 1 from ${orderItems} where ${orderItems.order} = ${orders._id} and ${orderItems.service} = ${id}::uuid)`,
    },
    assignee: containsFilter(orders.assignees),
  },
});

/** What search matches on an order: its number and the customer's name and phone (both forms). */
export function orderSearchText(number: number, customer: { name: string; phoneNumber: string }) {
  return normalizeArabic(
    `${number} ${customer.name} ${customer.phoneNumber} ${formatSaudiPhoneLocal(customer.phoneNumber)}`,
  );
}

/** What an order line holds, as its order, its invoice and the API read it. */
export const orderLineColumns = {
  name: orderItems.name,
  quantity: orderItems.quantity,
  unit: orderItems.unit,
  unitPrice: orderItems.unitPrice,
  lineTotal: orderItems.lineTotal,
  vatCategory: orderItems.vatCategory,
  vatExemptionCode: orderItems.vatExemptionCode,
  vatExemptionReason: orderItems.vatExemptionReason,
};
