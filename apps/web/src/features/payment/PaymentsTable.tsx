import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { DateTime, Money } from '../../components/data-table';
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

/** A compact payments table (an order's card, a customer's tab): invoice, [order], amount, status, date. */
export function PaymentsTable({
  rows,
  showOrder = false,
}: { rows: Row[]; showOrder?: false } | { rows: (Row & OrderColumns)[]; showOrder: true }) {
  const canView = useCan('payment:details');
  const canOrder = useCan('order:details');
  return (
    <Table.ScrollContainer minWidth={showOrder ? 560 : 520} type="native">
      <Table verticalSpacing="sm" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>رقم السند</Table.Th>
            {showOrder && <Table.Th>رقم الطلب</Table.Th>}
            <Table.Th>المبلغ</Table.Th>
            <Table.Th>الحالة</Table.Th>
            <Table.Th>التاريخ</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p._id}>
              <Table.Td>
                <RecordLink to={invoicePath(p._id)} label={`السند رقم ${p.number}`} allowed={canView}>
                  {p.number}
                </RecordLink>
              </Table.Td>
              {showOrder && 'order' in p && (
                <Table.Td>
                  <RecordLink to={orderPath(p.order)} label={`الطلب رقم ${p.orderNumber}`} allowed={canOrder}>
                    {p.orderNumber}
                  </RecordLink>
                </Table.Td>
              )}
              <Table.Td>
                <Money value={p.amount} />
              </Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={p.status} />
              </Table.Td>
              <Table.Td>
                <DateTime value={p.createdAt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
