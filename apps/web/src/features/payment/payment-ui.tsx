import { type PaymentStatus, paymentStatusLabels } from '@idara/domain';
import type { BadgeProps } from '@mantine/core';
import { StatusBadge } from '../../components/data-table/cells';

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

const PAYMENT_STATUS_LOOK = {
  labels: paymentStatusLabels,
  colors: PAYMENT_STATUS_COLORS,
  testId: 'payment-status',
};

export function PaymentStatusBadge(props: { status: PaymentStatus } & BadgeProps) {
  return <StatusBadge look={PAYMENT_STATUS_LOOK} {...props} />;
}

/** A calendar date 'YYYY-MM-DD' shown as 'YYYY/MM/DD'. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return day.slice(0, 10).replace(/-/g, '/');
}
