import { einvoiceKinds, einvoiceScopes, einvoiceStatuses } from '@idara/domain';
import { einvoices } from '../../db/schema';
import { filtersOn, listResource } from '../../http/list-parts';

export const einvoiceListFields = {
  _id: einvoices._id,
  kind: einvoices.kind,
  scope: einvoices.scope,
  phase: einvoices.phase,
  number: einvoices.number,
  status: einvoices.status,
  issuedAt: einvoices.issuedAt,
  total: einvoices.total,
  vatAmount: einvoices.vatAmount,
  buyerName: einvoices.buyerName,
  orderNumber: einvoices.orderNumber,
  order: einvoices.order,
  customer: einvoices.customer,
  corrects: einvoices.corrects,
  reason: einvoices.reason,
};

export const einvoiceResource = listResource(einvoices, einvoiceListFields, {
  filters: filtersOn(einvoices, {
    enum: { kind: einvoiceKinds, scope: einvoiceScopes, status: einvoiceStatuses },
    uuid: ['customer', 'order'],
    date: ['issuedAt'],
  }),
  defaultSort: '-issuedAt',
});
