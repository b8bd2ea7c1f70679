import { type VatFigure, type VatReport, vatReturnLabels } from '@idara/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { Empty, Money } from '../../../components/data-table/cells';

/**
 * The return's rows in the export's order (vatFigures). Out of scope is no row of the ZATCA return:
 * it is shown to reconcile the sales with the return, so it takes no number and no VAT.
 */
const rows: { key: VatFigure; n: number | null; vat: 'amount' | 'zero' | 'none' }[] = [
  { key: 'standardRated', n: 1, vat: 'amount' },
  { key: 'zeroRated', n: 2, vat: 'zero' },
  { key: 'exempt', n: 3, vat: 'zero' },
  { key: 'outOfScope', n: null, vat: 'none' },
  { key: 'adjustments', n: 4, vat: 'amount' },
];

/** The sales rows of the ZATCA return; each figure opens its documents. */
export function VatFiguresTable({
  report,
  selected,
  onOpen,
}: {
  report: VatReport;
  selected: VatFigure | null;
  onOpen: (figure: VatFigure) => void;
}) {
  return (
    <Table withTableBorder verticalSpacing="sm" data-testid="vat-figures">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>البند</Table.Th>
          <Table.Th>المبلغ (دون الضريبة)</Table.Th>
          <Table.Th>ضريبة القيمة المضافة</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ key, n, vat }) => (
          <Table.Tr key={key} bg={selected === key ? 'var(--mantine-primary-color-light)' : undefined}>
            <Table.Td>
              <Anchor
                component="button"
                type="button"
                ta="start"
                onClick={() => onOpen(key)}
                data-testid={`vat-figure-${key}`}
                aria-label={`${vatReturnLabels[key]}: عرض المستندات`}
              >
                {n === null ? vatReturnLabels[key] : `${n}. ${vatReturnLabels[key]}`}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Money value={report[key].net} />
            </Table.Td>
            <Table.Td>
              {vat === 'amount' ? (
                <Money value={(report[key] as { vat: string }).vat} />
              ) : vat === 'zero' ? (
                <Money value="0" />
              ) : (
                <Empty />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td>
            <Text fw={700}>5. {vatReturnLabels.totalVat}</Text>
          </Table.Td>
          <Table.Td />
          <Table.Td fw={700} data-testid="vat-total">
            <Money value={report.totalVat} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
