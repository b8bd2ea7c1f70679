import { formatSaudiPhoneLocal } from '@idara/domain';
import { Text } from '@mantine/core';
import type { ColumnMeta } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DateTime, Money, RecordNumber, StackedDate } from './cells';
import type { DataTableColumn } from './DataTable';

/** A column on one line whose cell draws the value with `render` (money, a date). */
function oneLineColumn<T>(
  key: string,
  header: string,
  priority: number | undefined,
  render: (value: any) => ReactNode,
): DataTableColumn<T> {
  return { accessorKey: key, header, meta: { nowrap: true, priority }, cell: (c) => render(c.getValue()) };
}

/**
 * A money column: the amount in riyals on one line. `key` is the row field and the API's sort
 * field; `priority` how much it matters on a narrow screen (`ColumnMeta.priority`).
 */
export function moneyColumn<T>(key: string, header: string, priority?: number): DataTableColumn<T> {
  return oneLineColumn(key, header, priority, (value) => <Money value={value} />);
}

/** A date-and-time column (spec §9 format) on one line. */
export function dateColumn<T>(key: string, header: string, priority?: number): DataTableColumn<T> {
  return oneLineColumn(key, header, priority, (value) => <DateTime value={value} />);
}

/** An instant with its date over its time, which keeps a wide table narrow. */
export function stackedDateColumn<T>(key: string, header: string, priority: number): DataTableColumn<T> {
  return oneLineColumn(key, header, priority, (value) => <StackedDate value={value} />);
}

/**
 * A record's state as its badge; the row's state shows at every width. `key` is the row field
 * (`status`, `active`).
 */
export function statusColumn<T>(badge: (value: any) => ReactNode, key = 'status'): DataTableColumn<T> {
  return oneLineColumn(key, 'الحالة', 1, badge);
}

/** Text that a row may lack: the value, or a dash. */
export function textColumn<T>(key: string, header: string, meta: ColumnMeta<T, unknown>): DataTableColumn<T> {
  return { accessorKey: key, header, meta, cell: (c) => c.getValue() || '—' };
}

/** An order's or task's number ('#123'): the row's identifier, its header named in full for cards and sorting. */
export function hashNumberColumn<T>(label: string): DataTableColumn<T> {
  return {
    accessorKey: 'number',
    header: '#',
    meta: { nowrap: true, priority: 1, label },
    cell: (c) => <RecordNumber value={c.getValue()} size="sm" />,
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
