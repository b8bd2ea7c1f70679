import { arabicPlural, exemptionLabelOf, type LineTax, lineTaxOf, type User } from '@idara/domain';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Display, LookupName } from '../../app/resource';
import { can } from '../../lib/auth';
import { ActiveBadge, DateTime, Empty, Money } from '../data-table';
import { TaxBadge } from '../tax';
import type { NamedLookups } from './lookups';

/** The category's badge; in full, its reason written out beside it (a details page has the room). */
function LineTaxValue({ row, full }: { row: Record<string, unknown>; full: boolean }) {
  const tax = row as Partial<LineTax>;
  const reason = full ? exemptionLabelOf(lineTaxOf(tax)) : '';
  return (
    <Group gap={6} wrap="wrap" component="span">
      <TaxBadge tax={tax} full={full} />
      {reason && (
        <Text span size="sm" c="dimmed">
          {reason}
        </Text>
      )}
    </Group>
  );
}

/** The lookups a list of displays names. */
export function lookupsOf(displays: (Display | undefined)[]): LookupName[] {
  return displays.flatMap((d) => (d && typeof d === 'object' && 'lookup' in d ? [d.lookup] : []));
}

/** One value as a resource declares it shown, in a list cell or a details field. */
export function showValue(
  value: unknown,
  display: Display | undefined,
  context: { lookups: NamedLookups; user: User | null; row: Record<string, unknown> },
): ReactNode {
  if (display === undefined || display === 'text') return (value as string) || <Empty />;
  if (display === 'money') return <Money value={value as string} />;
  if (display === 'active') return <ActiveBadge active={value as boolean} />;
  if (display === 'date') return <DateTime value={value as string} />;
  if (display === 'hijriDate') return <DateTime value={value as string} hijri />;
  if ('plural' in display) return arabicPlural(value as number, display.plural);
  if ('labels' in display) return display.labels[value as string] || (value as string) || <Empty />;
  if ('lineTax' in display) return <LineTaxValue row={context.row} full={display.lineTax === 'full'} />;
  if ('badge' in display)
    return (
      <Badge variant="outline" radius="sm" color="gray">
        {display.badge[value as string] ?? (value as string)}
      </Badge>
    );
  const row = context.lookups[display.lookup]?.data?.byId.get(value as string);
  if (!row) return <Empty />;
  if (!display.link || !can(context.user, [display.link.permission])) return row.name;
  return (
    <Anchor component={Link} to={`${display.link.base}/${row._id}`}>
      {row.name}
    </Anchor>
  );
}
