import { arabicPlural, arabicPluralAtLeast, PDF_ROW_LIMIT } from '@idara/domain';
import { Button, Group, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { chooseFileType, closeExport, saveFile, useExportState } from './export-store';
import { FileName } from './FileName';

const icons: Record<string, typeof IconFileText> = {
  xlsx: IconFileSpreadsheet,
  csv: IconFileText,
  pdf: IconFileTypePdf,
};

const RECORDS = { one: 'سجل واحد', two: 'سجلان', few: '{n} سجلات', many: '{n} سجلاً', other: '{n} سجل' };

/** Export progress; asks for a file type first when there are several (spec §2, §4). */
export function ExportDialog() {
  const { show, count, ExportOptions, link, fileName, title, total, totalIsCapped, countingForPdf } =
    useExportState();
  const choosing = ExportOptions.length > 1;
  const done = count >= 100 && link !== '';
  // The server prints at most PDF_ROW_LIMIT rows; a longer list is offered the streaming formats.
  const pdfTooLong =
    total !== null &&
    (total > PDF_ROW_LIMIT || (totalIsCapped && total >= PDF_ROW_LIMIT)) &&
    ExportOptions.some((o) => o.value === 'pdf');

  return (
    <Modal
      opened={show}
      onClose={closeExport}
      title={title || 'تصدير'}
      centered
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
      size="md"
    >
      {choosing ? (
        <Stack gap="sm">
          <Text>اختر نوع الملف:</Text>
          <SimpleGrid cols={{ base: 1, xs: Math.min(ExportOptions.length, 3) }} spacing="xs">
            {ExportOptions.map((option) => {
              const Icon = icons[option.value] ?? IconFileText;
              return (
                <Button
                  key={option.value}
                  variant="light"
                  leftSection={<Icon size={18} />}
                  disabled={option.value === 'pdf' && (pdfTooLong || countingForPdf)}
                  loading={option.value === 'pdf' && countingForPdf}
                  onClick={() => chooseFileType(option.value)}
                >
                  {option.label}
                </Button>
              );
            })}
          </SimpleGrid>
          {pdfTooLong && (
            <Text size="sm" c="dimmed" data-testid="export-pdf-limit">
              القائمة فيها {arabicPluralAtLeast(total, RECORDS, totalIsCapped)}، والحد الأقصى لملف PDF هو{' '}
              {arabicPlural(PDF_ROW_LIMIT, RECORDS)}. اختر Excel أو CSV للقائمة كاملة، أو ضيّق البحث والمرشحات
              لطباعتها PDF.
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text>{done ? 'اكتمل تجهيز الملف' : 'جارٍ تجهيز الملف…'}</Text>
            <Text fw={700} dir="ltr">
              {count}%
            </Text>
          </Group>
          <Progress
            value={count}
            animated={!done}
            aria-label="تقدم التصدير"
            transitionDuration={50}
            size="lg"
            radius="xl"
          />
          {done && (
            <Group justify="space-between" mt="xs" wrap="wrap">
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <FileName name={fileName} />
              </Text>
              <Button leftSection={<IconDownload size={18} />} onClick={() => saveFile(link, fileName)}>
                تنزيل الملف
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
