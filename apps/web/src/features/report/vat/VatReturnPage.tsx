import { riyadhDayOf, type VatFigure } from '@idara/domain';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { RetryButton, WarningAlert } from '../../../components/feedback';
import { type PeriodChange, PeriodPicker } from '../PeriodPicker';
import { ReportAnswer } from '../ReportAnswer';
import { ReportExports } from '../ReportExports';
import { type Calendar, type PeriodLength, reportPeriods } from '../report-period';
import { VatDocumentsTable } from './VatDocumentsTable';
import { VatFiguresTable } from './VatFiguresTable';
import { useVatDocuments, useVatReturn } from './vat-api';

/** The sales side of the VAT return for a month or quarter, each figure down to its documents. */
export default function VatReturnPage() {
  const [calendar, setCalendar] = useState<Calendar>('gregorian');
  const [length, setLength] = useState<PeriodLength>('quarter');
  const [index, setIndex] = useState(0);
  const [figure, setFigure] = useState<VatFigure | null>(null);
  const [page, setPage] = useState(1);
  const periods = useMemo(() => reportPeriods(calendar, length, riyadhDayOf(new Date())), [calendar, length]);
  const period = periods[index] ?? periods[0];
  const report = useVatReturn(period.from, period.to);
  const documents = useVatDocuments(period.from, period.to, figure, page);

  const choose = (next: PeriodChange) => {
    if (next.calendar) setCalendar(next.calendar);
    if (next.length) setLength(next.length as PeriodLength);
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
        <ReportExports route="/api/report/vat/export" period={period} title="تصدير الإقرار" testId="vat" />
      </Group>
      <PeriodPicker
        choice={{ calendar, length, index }}
        periods={periods}
        shown={period}
        testId="vat"
        lengthLabel="مدة الإقرار"
        onChoose={choose}
      />
      <Alert
        variant="light"
        color="blue"
        icon={<IconInfoCircle size={20} />}
        data-testid="vat-purchases-note"
      >
        المشتريات وضريبة المدخلات خارج نطاق هذا التقرير: إدارة لا تسجّل المشتريات، فأضف ضريبة المدخلات إلى
        الإقرار من سجلاتك.
      </Alert>
      <ReportAnswer query={report} failure="تعذّر تحميل الإقرار" testId="vat">
        {(data) => (
          <Stack>
            {data.documents === 0 && (
              <Text c="dimmed" data-testid="vat-empty">
                لا توجد مستندات صادرة في هذه الفترة؛ الأرقام كلها صفر.
              </Text>
            )}
            <VatFiguresTable
              report={data}
              selected={figure}
              onOpen={(f) => {
                setFigure(f);
                setPage(1);
              }}
            />
          </Stack>
        )}
      </ReportAnswer>
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
