import { riyadhDayOf, type VatFigure } from '@idara/domain';
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText, IconFileTypePdf, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { openExport } from '../../../components/export';
import { RetryButton, WarningAlert } from '../../../components/feedback';
import { VatDocumentsTable } from './VatDocumentsTable';
import { VatFiguresTable } from './VatFiguresTable';
import { VatPeriodPicker } from './VatPeriodPicker';
import { useVatDocuments, useVatReturn } from './vat-api';
import { type Calendar, type PeriodLength, vatPeriods } from './vat-period';

const exportTypes = [
  { value: 'xlsx', label: 'Excel', icon: IconFileSpreadsheet },
  { value: 'csv', label: 'CSV', icon: IconFileText },
  { value: 'pdf', label: 'PDF', icon: IconFileTypePdf },
];

/** The sales side of the VAT return for a month or quarter, each figure down to its documents. */
export default function VatReturnPage() {
  const [calendar, setCalendar] = useState<Calendar>('gregorian');
  const [length, setLength] = useState<PeriodLength>('quarter');
  const [index, setIndex] = useState(0);
  const [figure, setFigure] = useState<VatFigure | null>(null);
  const [page, setPage] = useState(1);
  const periods = useMemo(() => vatPeriods(calendar, length, riyadhDayOf(new Date())), [calendar, length]);
  const period = periods[index] ?? periods[0];
  const report = useVatReturn(period.from, period.to);
  const documents = useVatDocuments(period.from, period.to, figure, page);

  const choose = (next: { calendar?: Calendar; length?: PeriodLength; index?: number }) => {
    if (next.calendar) setCalendar(next.calendar);
    if (next.length) setLength(next.length);
    setIndex(next.index ?? 0);
    setFigure(null);
    setPage(1);
  };

  return (
    <Stack>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text c="dimmed">
          المبيعات من المستندات الصادرة فقط، كما يطلبها إقرار هيئة الزكاة والضريبة والجمارك.
        </Text>
        <Group gap="xs">
          {exportTypes.map(({ value, label, icon: Icon }) => (
            <Button
              key={value}
              variant="default"
              leftSection={<Icon size={18} />}
              data-testid={`vat-export-${value}`}
              onClick={() =>
                openExport({
                  route: '/api/report/vat/export',
                  query: { from: period.from, to: period.to },
                  options: [{ value, label }],
                  title: `تصدير الإقرار (${label})`,
                })
              }
            >
              {label}
            </Button>
          ))}
        </Group>
      </Group>
      <Card withBorder radius="md">
        <VatPeriodPicker
          calendar={calendar}
          length={length}
          periods={periods}
          index={index}
          onCalendar={(c) => choose({ calendar: c, length })}
          onLength={(l) => choose({ calendar, length: l })}
          onIndex={(i) => choose({ calendar, length, index: i })}
        />
      </Card>
      <Alert
        variant="light"
        color="blue"
        icon={<IconInfoCircle size={20} />}
        data-testid="vat-purchases-note"
      >
        المشتريات وضريبة المدخلات خارج نطاق هذا التقرير: إدارة لا تسجّل المشتريات، فأضف ضريبة المدخلات إلى
        الإقرار من سجلاتك.
      </Alert>
      {report.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label="جارٍ التحميل" />
        </Group>
      ) : report.isError ? (
        <WarningAlert color="red" title="تعذّر تحميل الإقرار" data-testid="vat-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{report.error.message}</Text>
            <RetryButton onRetry={() => report.refetch()} />
          </Stack>
        </WarningAlert>
      ) : (
        <Stack>
          {report.data.documents === 0 && (
            <Text c="dimmed" data-testid="vat-empty">
              لا توجد مستندات صادرة في هذه الفترة؛ الأرقام كلها صفر.
            </Text>
          )}
          <VatFiguresTable
            report={report.data}
            selected={figure}
            onOpen={(f) => {
              setFigure(f);
              setPage(1);
            }}
          />
        </Stack>
      )}
      {figure &&
        (documents.isError ? (
          <WarningAlert color="red" title="تعذّر تحميل المستندات">
            <RetryButton onRetry={() => documents.refetch()} />
          </WarningAlert>
        ) : documents.data ? (
          <VatDocumentsTable documents={documents.data} onPage={setPage} />
        ) : (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="جارٍ التحميل" />
          </Group>
        ))}
    </Stack>
  );
}
