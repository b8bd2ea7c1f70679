import {
  exemptionLabelOf,
  type LineTax,
  lineTaxOf,
  type VatCategory,
  vatCategoryLabels,
  vatCategoryShortLabels,
} from '@idara/domain';
import { Badge } from '@mantine/core';

/** Standard-rated is the usual case, so it stays quiet; the others stand out. */
const colors: Record<VatCategory, string> = { S: 'gray', Z: 'teal', E: 'grape', O: 'orange' };

/**
 * A line's VAT category as a badge (short label, or the full one with `full`); the reason of a
 * zero-rated, exempt or out-of-scope line is its title, read on hover.
 */
export function TaxBadge({ tax, full = false }: { tax: Partial<LineTax>; full?: boolean }) {
  const t = lineTaxOf(tax);
  const reason = exemptionLabelOf(t);
  const label = (full ? vatCategoryLabels : vatCategoryShortLabels)[t.vatCategory];
  return (
    <Badge
      variant={t.vatCategory === 'S' ? 'outline' : 'light'}
      color={colors[t.vatCategory]}
      radius="sm"
      tt="none"
      fw={500}
      title={reason || undefined}
      data-category={t.vatCategory}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}
