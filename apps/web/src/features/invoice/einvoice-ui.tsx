import { type EinvoiceStatus, einvoiceStatusLabels } from '@idara/domain';
import { Badge, type BadgeProps } from '@mantine/core';

const COLORS: Record<EinvoiceStatus, string> = {
  not_connected: 'gray',
  pending: 'yellow',
  reported: 'teal',
  reported_with_warnings: 'orange',
  cleared: 'teal',
  rejected: 'red',
  phase1: 'gray',
};

/** Where a document stands with ZATCA, in Arabic. */
export function EinvoiceStatusBadge({ status, ...props }: { status: EinvoiceStatus } & BadgeProps) {
  return (
    <Badge variant="light" radius="sm" color={COLORS[status] ?? 'gray'} {...props}>
      {einvoiceStatusLabels[status] ?? status}
    </Badge>
  );
}

export const EINVOICE_STATUS_OPTIONS = Object.entries(einvoiceStatusLabels).map(([value, label]) => ({
  value,
  label,
}));
