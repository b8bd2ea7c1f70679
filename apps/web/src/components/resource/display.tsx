import {
  arabicPlural,
  exemptionLabelOf,
  formatGregorianDate,
  formatHijriDate,
  type LineTax,
  lineTaxOf,
  type User,
} from '@idara/domain';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Display, LookupName } from '../../app/resource';
import { can } from '../../lib/auth';
import { dayNoon } from '../../lib/riyadh-day';
import { ActiveBadge, DateTime, Empty, Money } from '../data-table';
import { TaxBadge } from '../tax';
import type { NamedLookups } from './lookups';
import { refs } from './refs';

/** A calendar day: 2026/03/15, its Umm al-Qura date under it. */
function DayValue({ day }: { day: string }) {
  const noon = dayNoon(day);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <bdi>{formatGregorianDate(noon)}</bdi>
      <Text component="span" display="block" size="xs" c="dimmed">
        {formatHijriDate(noon)}
      </Text>
    </span>
  );
}

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

/** A link to a record when the user may open it, else its name. */
function RecordLink({ name, to, allowed }: { name: string; to: string; allowed: boolean }) {
  if (!allowed) return name;
  return (
    <Anchor component={Link} to={to}>
      {name}
    </Anchor>
  );
}

/** One value as a resource declares it shown, in a list cell or a details field. */
export function showValue(
  value: unknown,
  display: Display | undefined,
  context: { lookups: NamedLookups; user: User | null; row: Record<string, unknown>; key: string },
): ReactNode {
  if (display === undefined || display === 'text') return (value as string) || <Empty />;
  if (display === 'money') return <Money value={value as string} />;
  if (display === 'active') return <ActiveBadge active={value as boolean} />;
  if (display === 'date') return <DateTime value={value as string} />;
  if (display === 'hijriDate') return <DateTime value={value as string} hijri />;
  if (display === 'day') return value ? <DayValue day={value as string} /> : <Empty />;
  if ('plural' in display) return arabicPlural(value as number, display.plural);
  if ('labels' in display) return display.labels[value as string] || (value as string) || <Empty />;
  if ('lineTax' in display) return <LineTaxValue row={context.row} full={display.lineTax === 'full'} />;
  if ('badge' in display)
    return (
      <Badge variant="outline" radius="sm" color="gray">
        {display.badge[value as string] ?? (value as string)}
      </Badge>
    );
  if ('ref' in display) {
    const name = context.row[`${context.key}Name`] as string | undefined;
    if (!value || !name) return <Empty />;
    const target = refs[display.ref];
    return (
      <RecordLink
        name={name}
        to={`${target.base}/${value}`}
        allowed={can(context.user, [target.detailsPermission])}
      />
    );
  }
  const row = context.lookups[display.lookup]?.data?.byId.get(value as string);
  if (!row) return <Empty />;
  return (
    <RecordLink
      name={row.name}
      to={display.link ? `${display.link.base}/${row._id}` : ''}
      allowed={Boolean(display.link && can(context.user, [display.link.permission]))}
    />
  );
}
