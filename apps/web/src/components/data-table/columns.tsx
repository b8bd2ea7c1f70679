import { formatSaudiPhoneLocal } from '@idara/domain';
import { Text } from '@mantine/core';
import { DateTime, Money } from './cells';
import type { DataTableColumn } from './DataTable';

/**
 * A money column: the amount in riyals on one line. `key` is the row field and the API's sort
 * field; `priority` how much it matters on a narrow screen (`ColumnMeta.priority`).
 */
export function moneyColumn<T>(key: string, header: string, priority?: number): DataTableColumn<T> {
  return {
    accessorKey: key,
    header,
    meta: { nowrap: true, priority },
    cell: (c) => <Money value={c.getValue()} />,
  };
}

/** A date-and-time column (spec §9 format) on one line. */
export function dateColumn<T>(key: string, header: string, priority?: number): DataTableColumn<T> {
  return {
    accessorKey: key,
    header,
    meta: { nowrap: true, priority },
    cell: (c) => <DateTime value={c.getValue()} />,
  };
}

/** A document's number (invoice, receipt): bold and isolated so its digits keep their order; the row's identifier. */
export function numberColumn<T>(key: string, header: string): DataTableColumn<T> {
  return {
    accessorKey: key,
    header,
    meta: { nowrap: true, priority: 1 },
    cell: (c) => (
      <Text size="sm" fw={600}>
        <bdi>{c.getValue()}</bdi>
      </Text>
    ),
  };
}

/** A record's name, a little bolder than the other cells; the row's identifier, which names itself. */
export function nameColumn<T>(key = 'name', header = 'الاسم'): DataTableColumn<T> {
  return {
    accessorKey: key,
    header,
    meta: { priority: 1, selfLabelled: true, minWidth: 160 },
    cell: (c) => (
      <Text size="sm" fw={500}>
        {c.getValue() as string}
      </Text>
    ),
  };
}

/** A Saudi mobile number in its local form, kept left-to-right on one line. */
export function phoneColumn<T>(
  key = 'phoneNumber',
  header = 'رقم الجوال',
  priority?: number,
): DataTableColumn<T> {
  return {
    accessorKey: key,
    header,
    meta: { nowrap: true, priority },
    cell: (c) => <bdi dir="ltr">{formatSaudiPhoneLocal(String(c.getValue()))}</bdi>,
  };
}
