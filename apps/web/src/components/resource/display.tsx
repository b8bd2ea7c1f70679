import {
  arabicPlural,
  exemptionLabelOf,
  formatGregorianDate,
  formatHijriDate,
  isOverdueVisit,
  type LineTax,
  lineTaxOf,
  type User,
} from '@idara/domain';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChoiceName, Display, LookupName } from '../../app/resource';
import { can } from '../../lib/auth';
import { dayNoon } from '../../lib/riyadh-day';
import { ActiveBadge, DateTime, Empty, Money, RecordNumber } from '../data-table';
import { TaxBadge } from '../tax';
import type { NamedLookups } from './lookups';
import { refTarget } from './refs';

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

/** The lookups a list of displays names (a team's names are the employees lookup's). */
export function lookupsOf(displays: (Display | undefined)[]): LookupName[] {
  return displays.flatMap((d): LookupName[] => {
    if (!d || typeof d !== 'object') return [];
    if ('lookup' in d) return [d.lookup];
    if ('choices' in d && d.choices === 'users') return ['users'];
    return [];
  });
}

/** A status badge; an open visit whose time has passed is marked overdue beside it. */
function StatusValue({
  row,
  status,
  display,
}: {
  row: Record<string, unknown>;
  status: string;
  display: { status: Record<string, string>; colors: Record<string, string>; overdue?: string };
}) {
  const late =
    display.overdue &&
    isOverdueVisit(row as { status: string; scheduledAt: string; durationMinutes: number });
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <Badge
        variant="light"
        radius="sm"
        color={display.colors[status] ?? 'gray'}
        data-status={status}
        style={{ minWidth: 'max-content' }}
      >
        {display.status[status] ?? status}
      </Badge>
      {late && (
        <Badge
          variant="filled"
          radius="sm"
          color="red"
          data-testid="overdue"
          style={{ minWidth: 'max-content' }}
        >
          {display.overdue}
        </Badge>
      )}
    </Group>
  );
}

/** A link to a record when the user may open it, else its name. */
function RecordLink({ name, to, allowed }: { name: ReactNode; to: string; allowed: boolean }) {
  if (!allowed) return name;
  return (
    <Anchor component={Link} to={to}>
      {name}
    </Anchor>
  );
}

/** What a value may be named from: the screen's lookups, and the names of the choice lists it shows. */
export interface ShowContext {
  lookups: NamedLookups;
  user: User | null;
  row: Record<string, unknown>;
  key: string;
  choiceNames?: Partial<Record<ChoiceName, Map<string, string>>>;
}

/** One value as a resource declares it shown, in a list cell or a details field. */
export function showValue(value: unknown, display: Display | undefined, context: ShowContext): ReactNode {
  if (display === undefined || display === 'text') return (value as string) || <Empty />;
  if (display === 'money') return <Money value={value as string} />;
  if (display === 'active') return <ActiveBadge active={value as boolean} />;
  if (display === 'date') return <DateTime value={value as string} />;
  if (display === 'hijriDate') return <DateTime value={value as string} hijri />;
  if (display === 'day') return value ? <DayValue day={value as string} /> : <Empty />;
  if (display === 'number') return typeof value === 'number' ? <RecordNumber value={value} /> : <Empty />;
  if ('status' in display) return <StatusValue row={context.row} status={String(value)} display={display} />;
  if ('choices' in display) {
    const ids = Array.isArray(value) ? (value as string[]) : value ? [String(value)] : [];
    if (ids.length === 0) return <Empty />;
    const names =
      display.choices === 'users'
        ? context.lookups.users?.data?.byId
        : context.choiceNames?.[display.choices];
    const nameOf = (id: string) => {
      const found = names?.get(id);
      return typeof found === 'string' ? found : (found?.name ?? '…');
    };
    return ids.map(nameOf).join('، ');
  }
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
    const target = refTarget(display.ref);
    const named = context.row[`${context.key}${target.named === 'number' ? 'Number' : 'Name'}`];
    if (!value || named === null || named === undefined || named === '') return <Empty />;
    return (
      <RecordLink
        name={target.named === 'number' ? <RecordNumber value={named as number} /> : String(named)}
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
