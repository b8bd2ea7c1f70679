import { type PaymentStatus, paymentStatusLabels } from '@idara/domain';
import { Badge, type BadgeProps } from '@mantine/core';

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  approved: 'blue',
  paid: 'teal',
  rejected: 'red',
};

export const PAYMENT_STATUS_OPTIONS = (Object.keys(paymentStatusLabels) as PaymentStatus[]).map((s) => ({
  value: s,
  label: paymentStatusLabels[s],
}));

export function PaymentStatusBadge({ status, ...props }: { status: PaymentStatus } & BadgeProps) {
  return (
    <Badge
      variant="light"
      radius="sm"
      color={PAYMENT_STATUS_COLORS[status] ?? 'gray'}
      data-testid="payment-status"
      data-status={status}
      // never cut to an ellipsis inside a narrow table cell
      style={{ minWidth: 'max-content' }}
      {...props}
    >
      {paymentStatusLabels[status] ?? status}
    </Badge>
  );
}

/** A calendar date 'YYYY-MM-DD' shown as 'YYYY/MM/DD'. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return day.slice(0, 10).replace(/-/g, '/');
}
