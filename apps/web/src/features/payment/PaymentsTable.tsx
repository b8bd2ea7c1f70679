import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { DateTime, Money } from '../../components/data-table';
import { CompactTable } from '../../components/page';
import { useCan } from '../../lib/auth';
import { invoicePath, orderPath, type Payment } from './payment-api';
import { PaymentStatusBadge } from './payment-ui';

function RecordLink({
  to,
  label,
  allowed,
  children,
}: {
  to: string;
  label: string;
  allowed: boolean;
  children: number;
}) {
  return allowed ? (
    <Anchor component={Link} to={to} size="sm" aria-label={label}>
      <bdi>{children}</bdi>
    </Anchor>
  ) : (
    <bdi>{children}</bdi>
  );
}

/** The columns the table shows (the lists ask for these `fields`); the order's with `showOrder`. */
type Row = Pick<Payment, '_id' | 'number' | 'amount' | 'status' | 'createdAt'>;
type OrderColumns = Pick<Payment, 'order' | 'orderNumber'>;

const hasOrder = (p: Row): p is Row & OrderColumns => 'order' in p;

/** A compact payments table (an order's card, a customer's tab): invoice, [order], amount, status, date. */
export function PaymentsTable({
  rows,
  showOrder = false,
}: { rows: Row[]; showOrder?: false } | { rows: (Row & OrderColumns)[]; showOrder: true }) {
  const canView = useCan('payment:details');
  const canOrder = useCan('order:details');
  return (
    <CompactTable
      rows={rows}
      rowKey={(p) => p._id}
      minWidth={showOrder ? 560 : 520}
      scrollType="native"
      verticalSpacing="sm"
      striped
      highlightOnHover
      columns={[
        {
          header: 'رقم السند',
          cell: (p) => (
            <RecordLink to={invoicePath(p._id)} label={`السند رقم ${p.number}`} allowed={canView}>
              {p.number}
            </RecordLink>
          ),
        },
        showOrder && {
          header: 'رقم الطلب',
          cell: (p) =>
            hasOrder(p) && (
              <RecordLink to={orderPath(p.order)} label={`الطلب رقم ${p.orderNumber}`} allowed={canOrder}>
                {p.orderNumber}
              </RecordLink>
            ),
        },
        { header: 'المبلغ', cell: (p) => <Money value={p.amount} /> },
        { header: 'الحالة', cell: (p) => <PaymentStatusBadge status={p.status} /> },
        { header: 'التاريخ', cell: (p) => <DateTime value={p.createdAt} /> },
      ]}
    />
  );
}
