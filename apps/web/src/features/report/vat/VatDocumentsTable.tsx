import { arabicPlural, einvoiceKindLabels, type VatDocuments, vatReturnLabels } from '@idara/domain';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DateTime, Money } from '../../../components/data-table/cells';
import { Pager } from '../../../components/Pager';
import { CompactTable } from '../../../components/page/CompactTable';

const DOCUMENTS = {
  one: 'مستند واحد',
  two: 'مستندان',
  few: '{n} مستندات',
  many: '{n} مستنداً',
  other: '{n} مستند',
};

/** The documents behind one figure, paged, with the sums over all of them (equal to the figure). */
export function VatDocumentsTable({
  documents,
  onPage,
}: {
  documents: VatDocuments;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(documents.count / documents.limit));
  return (
    <Stack gap="sm" data-testid="vat-documents">
      <Title order={2} fz="h4">
        مستندات: {vatReturnLabels[documents.figure]}
      </Title>
      {documents.count === 0 ? (
        <Text c="dimmed" data-testid="vat-documents-empty">
          لا توجد مستندات صادرة لهذا البند في الفترة.
        </Text>
      ) : (
        <>
          <CompactTable
            rows={documents.data}
            rowKey={(d) => d._id}
            minWidth={640}
            striped
            withTableBorder
            columns={[
              {
                header: 'رقم المستند',
                cell: (d) => (
                  <Anchor component={Link} to={`/dashboard/invoice/${d._id}`}>
                    <bdi>{d.number}</bdi>
                  </Anchor>
                ),
              },
              { header: 'النوع', cell: (d) => einvoiceKindLabels[d.kind] },
              { header: 'تاريخ الإصدار', cell: (d) => <DateTime value={d.issuedAt} hijri /> },
              { header: 'العميل', cell: (d) => d.customerName },
              { header: 'الصافي', cell: (d) => <Money value={d.net} /> },
              { header: 'الضريبة', cell: (d) => <Money value={d.vat} /> },
            ]}
            footer={
              <Table.Tr fw={700}>
                <Table.Td colSpan={4}>الإجمالي ({arabicPlural(documents.count, DOCUMENTS)})</Table.Td>
                <Table.Td data-testid="vat-documents-net">
                  <Money value={documents.sums.net} />
                </Table.Td>
                <Table.Td>
                  <Money value={documents.sums.vat} />
                </Table.Td>
              </Table.Tr>
            }
          />
          {pages > 1 && (
            <Group justify="center">
              <Pager pages={pages} page={documents.page} onChange={onPage} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
