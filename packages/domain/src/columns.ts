/**
 * One column of a table that gives each value of a closed set its facts in one row (a status's
 * label, its next statuses…): `columnOf(orderStatusTable, 'label')` is the status → label record.
 */
export function columnOf<K extends string, Row, C extends keyof Row>(
  table: Record<K, Row>,
  column: C,
): Record<K, Row[C]> {
  const entries = Object.entries(table) as [K, Row][];
  return Object.fromEntries(entries.map(([value, row]) => [value, row[column]])) as Record<K, Row[C]>;
}
