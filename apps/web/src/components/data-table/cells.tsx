import { formatDateTime, formatGregorianDate, formatHijriDate, formatSAR, toHalalas } from '@idara/domain';
import { Badge, type BadgeProps, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** "1250.50" → '1,250.50 ر.س'; '' for empty or unreadable values. */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return formatSAR(toHalalas(value));
  } catch {
    return String(value);
  }
}

/** Money amount, isolated so the digits keep their order inside Arabic text. */
export function Money({ value }: { value: string | number | null | undefined }) {
  const text = formatMoney(value);
  return text ? <bdi style={{ whiteSpace: 'nowrap' }}>{text}</bdi> : <Empty />;
}

/** 'hh:mm ص YYYY/MM/DD' (spec §9); with `hijri`, the Umm al-Qura date underneath. */
export function DateTime({
  value,
  hijri = false,
}: {
  value: string | Date | null | undefined;
  hijri?: boolean;
}) {
  if (!value) return <Empty />;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <bdi>{formatDateTime(value)}</bdi>
      {hijri && (
        <Text component="span" display="block" size="xs" c="dimmed">
          {formatHijriDate(value)}
        </Text>
      )}
    </span>
  );
}

/** An instant in a table: date over time, keeps the wide table narrow. */
export function StackedDate({ value }: { value: string | null | undefined }) {
  if (!value) return <Empty />;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <bdi>{formatGregorianDate(value)}</bdi>
      <Text component="span" display="block" size="xs" c="dimmed">
        <bdi>{formatDateTime(value).slice(0, 7)}</bdi>
      </Text>
    </span>
  );
}

/** An order's or task's number, '#123', read left to right inside Arabic text. */
export function RecordNumber({ value, ...props }: { value: number } & TextProps) {
  return (
    <Text span fw={600} {...props}>
      <bdi dir="ltr">#{value}</bdi>
    </Text>
  );
}

/** How a record kind's statuses show as badges: their Arabic labels, colours and the test id. */
export interface StatusLook<S extends string> {
  labels: Record<S, string>;
  colors: Record<S, string>;
  testId: string;
}

/**
 * A status badge (payments, tasks): light, in the status's colour, with its Arabic label and the
 * status in `data-status`; never cut to an ellipsis inside a narrow table cell.
 */
export function StatusBadge<S extends string>({
  status,
  look,
  ...props
}: { status: S; look: StatusLook<S> } & BadgeProps) {
  return (
    <Badge
      variant="light"
      radius="sm"
      color={look.colors[status] ?? 'gray'}
      data-testid={look.testId}
      data-status={status}
      style={{ minWidth: 'max-content' }}
      {...props}
    >
      {look.labels[status] ?? status}
    </Badge>
  );
}

export function ActiveBadge({ active }: { active: boolean | null | undefined }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'gray'} radius="sm">
      {active ? 'فعّال' : 'موقوف'}
    </Badge>
  );
}

/** Placeholder for an empty cell. */
export function Empty() {
  return (
    <Text component="span" c="dimmed">
      —
    </Text>
  );
}

/**
 * Screen-reader-only text that stays in flow. An absolutely positioned one inside a horizontally
 * scrolled table escapes the scroll container and widens the page on phones.
 */
export function SrOnlyInline({ children }: { children: ReactNode }) {
  return (
    <span
      style={{
        display: 'inline-block',
        width: 1,
        height: 1,
        overflow: 'hidden',
        clipPath: 'inset(50%)',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
}
