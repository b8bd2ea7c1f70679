import { einvoiceKinds, einvoiceScopes, einvoiceStatuses } from '@idara/domain';
import { einvoices } from '../../db/schema';
import type { ListResource } from '../../http/list-query';

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

export const einvoiceResource: ListResource = {
  table: einvoices,
  fields: einvoiceListFields,
  filters: {
    kind: { column: einvoices.kind, type: 'enum', values: einvoiceKinds },
    scope: { column: einvoices.scope, type: 'enum', values: einvoiceScopes },
    status: { column: einvoices.status, type: 'enum', values: einvoiceStatuses },
    customer: { column: einvoices.customer, type: 'uuid' },
    order: { column: einvoices.order, type: 'uuid' },
    issuedAt: { column: einvoices.issuedAt, type: 'date' },
  },
  searchColumn: einvoices.searchText,
  defaultSort: '-issuedAt',
};
