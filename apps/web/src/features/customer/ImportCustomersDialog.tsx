import { arabicPlural, CUSTOMERS, type ImportPreview } from '@idara/domain';
import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CompactTable } from '../../components/page';
import { api } from '../../lib/api';
import { notify } from '../../lib/toast';
import { CUSTOMER_PATH } from './customer-api';

const TEMPLATE_HEADERS = [
  'اسم العميل',
  'رقم الجوال',
  'النوع',
  'واتساب',
  'البريد الإلكتروني',
  'الرقم الضريبي',
  'السجل التجاري',
  'المنطقة',
  'المدينة',
  'الحي',
  'الشارع',
  'رقم المبنى',
  'الرمز البريدي',
  'الرقم الإضافي',
  'ملاحظات',
];

/** A CSV with the accepted headers and one example row (UTF-8 with BOM, so Excel reads Arabic). */
function downloadTemplate() {
  const example = [
    'محمد العتيبي',
    '0551234567',
    'فرد',
    '',
    '',
    '',
    '',
    'منطقة الرياض',
    'الرياض',
    'حي العليا',
    '',
    '',
    '12345',
    '',
    '',
  ];
  const csv = `\uFEFF${TEMPLATE_HEADERS.join(',')}\r\n${example.join(',')}\r\n`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'نموذج-استيراد-العملاء.csv' });
  a.click();
  URL.revokeObjectURL(url);
}

function upload(file: File, dryRun: boolean) {
  const body = new FormData();
  body.append('file', file);
  return api(`${CUSTOMER_PATH}/import`, {
    method: 'POST',
    body,
    query: dryRun ? { dryRun: 'true' } : undefined,
    retry: 0,
  });
}

/** Upload an Excel or CSV file, preview every row with its reasons, then import the valid rows. */
export function ImportCustomersDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setFile(null);
    setPreview(null);
    onClose();
  };
  const check = async (f: File | null) => {
    setFile(f);
    setPreview(null);
    if (!f) return;
    setBusy(true);
    try {
      // A dry run answers the preview (`importOut`: the preview or the result).
      const answer = await upload(f, true);
      if ('rows' in answer) setPreview(answer);
    } catch {
      setFile(null); // the API client already showed why
    } finally {
      setBusy(false);
    }
  };
  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await upload(file, false);
      notify.success('message' in result ? result.message : 'تم الاستيراد');
      await queryClient.invalidateQueries({ queryKey: [CUSTOMER_PATH] });
      close();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };
  const invalidRows = preview?.rows.filter((r) => r.errors.length > 0) ?? [];

  return (
    <Modal opened={opened} onClose={close} title="استيراد العملاء من ملف" size="lg" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          ملف Excel (xlsx) أو CSV، الصف الأول عناوين الأعمدة ومنها «اسم العميل» و«رقم الجوال». تُراجع كل الصفوف
          قبل الاستيراد، ولا يُضاف شيء حتى تؤكد.
        </Text>
        <Group gap="xs" wrap="wrap">
          <FileInput
            flex={1}
            miw={220}
            radius="xl"
            accept=".xlsx,.csv"
            placeholder="اختر الملف"
            aria-label="ملف العملاء"
            leftSection={<IconFileSpreadsheet size={18} />}
            value={file}
            onChange={check}
            disabled={busy}
            clearable
          />
          <Button variant="subtle" leftSection={<IconDownload size={16} />} onClick={downloadTemplate}>
            تحميل نموذج
          </Button>
        </Group>
        {busy && !preview && <Text size="sm">جارٍ فحص الملف…</Text>}
        {preview && (
          <>
            <Group gap="xs">
              <Badge variant="light" size="lg">
                الصفوف: <bdi>{preview.total}</bdi>
              </Badge>
              <Badge color="teal" variant="light" size="lg">
                صالحة: <bdi>{preview.valid}</bdi>
              </Badge>
              <Badge color={preview.invalid ? 'red' : 'gray'} variant="light" size="lg">
                بها أخطاء: <bdi>{preview.invalid}</bdi>
              </Badge>
            </Group>
            {invalidRows.length > 0 && (
              <Alert color="yellow" title="صفوف ستُتخطى">
                <ScrollArea.Autosize mah={260}>
                  <CompactTable
                    rows={invalidRows}
                    rowKey={(r) => r.line}
                    striped
                    fz="sm"
                    columns={[
                      { header: 'الصف', cell: (r) => <bdi>{r.line}</bdi> },
                      { header: 'الاسم', cell: (r) => r.name || '—' },
                      { header: 'السبب', cell: (r) => r.errors.join('، ') },
                    ]}
                  />
                </ScrollArea.Autosize>
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            إلغاء
          </Button>
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!preview || preview.valid === 0}
            loading={busy && !!preview}
            onClick={runImport}
          >
            {preview ? `استيراد ${arabicPlural(preview.valid, CUSTOMERS)}` : 'استيراد'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
