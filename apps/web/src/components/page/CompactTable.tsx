import {
  Table,
  type TableProps,
  type TableTbodyProps,
  type TableTdProps,
  type TableTrProps,
} from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a `CompactTable`: its heading and what a row shows in it. */
export interface CompactColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The props of the column's cells (a weight, a colour, `NOWRAP`). */
  td?: TableTdProps;
}

/** A column whose cells stay on one line (a number, a badge, a quantity). */
export const NOWRAP: TableTdProps = { style: { whiteSpace: 'nowrap' } };

/**
 * A short table drawn from its columns: a record's lines or related records, a drawer's or a
 * report's documents. Every row is there — no paging, sorting or cards, which are the lists'
 * `DataTable`. A column given as `false` or `null` is left out (one the user may not see). With `minWidth`
 * the table scrolls sideways inside its box on a narrow screen.
 */
export function CompactTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  bodyProps,
  footer,
  minWidth,
  scrollType,
  ...table
}: TableProps & {
  columns: (CompactColumn<T> | false | null)[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => TableTrProps & { 'data-testid'?: string };
  bodyProps?: TableTbodyProps;
  /** The `Table.Tfoot`'s rows (totals). */
  footer?: ReactNode;
  minWidth?: number;
  scrollType?: 'native' | 'scrollarea';
}) {
  const shown = columns.filter((c): c is CompactColumn<T> => Boolean(c));
  const body = (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          {shown.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed while it shows
            <Table.Th key={i}>{c.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody {...bodyProps}>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
            {shown.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed while it shows
              <Table.Td key={i} {...c.td}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {footer && <Table.Tfoot>{footer}</Table.Tfoot>}
    </Table>
  );
  if (minWidth === undefined) return body;
  return (
    <Table.ScrollContainer minWidth={minWidth} type={scrollType}>
      {body}
    </Table.ScrollContainer>
  );
}
