import { arabicPlural, einvoiceKindLabels, type VatDocuments, vatReturnLabels } from '@idara/domain';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DateTime, Money } from '../../../components/data-table/cells';
import { Pager } from '../../../components/Pager';

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
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>رقم المستند</Table.Th>
                  <Table.Th>النوع</Table.Th>
                  <Table.Th>تاريخ الإصدار</Table.Th>
                  <Table.Th>العميل</Table.Th>
                  <Table.Th>الصافي</Table.Th>
                  <Table.Th>الضريبة</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {documents.data.map((d) => (
                  <Table.Tr key={d._id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/dashboard/invoice/${d._id}`}>
                        <bdi>{d.number}</bdi>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{einvoiceKindLabels[d.kind]}</Table.Td>
                    <Table.Td>
                      <DateTime value={d.issuedAt} hijri />
                    </Table.Td>
                    <Table.Td>{d.customerName}</Table.Td>
                    <Table.Td>
                      <Money value={d.net} />
                    </Table.Td>
                    <Table.Td>
                      <Money value={d.vat} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={4}>الإجمالي ({arabicPlural(documents.count, DOCUMENTS)})</Table.Td>
                  <Table.Td data-testid="vat-documents-net">
                    <Money value={documents.sums.net} />
                  </Table.Td>
                  <Table.Td>
                    <Money value={documents.sums.vat} />
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
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
