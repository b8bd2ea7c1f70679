import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { openExport } from '../../components/export';

const exportTypes = [
  { value: 'xlsx', label: 'Excel', icon: IconFileSpreadsheet },
  { value: 'csv', label: 'CSV', icon: IconFileText },
  { value: 'pdf', label: 'PDF', icon: IconFileTypePdf },
];

/**
 * A report's export, one button per file type (`<testId>-export-<type>`), each opening the export
 * dialog on `route` for the period shown.
 */
export function ReportExports({
  route,
  period,
  title,
  testId,
}: {
  route: string;
  period: { from: string; to: string };
  /** «تصدير الإقرار»: the dialog's title before the file type. */
  title: string;
  testId: string;
}) {
  return (
    <Group gap="xs">
      {exportTypes.map(({ value, label, icon: Icon }) => (
        <Button
          key={value}
          variant="default"
          leftSection={<Icon size={18} />}
          data-testid={`${testId}-export-${value}`}
          onClick={() =>
            openExport({
              route,
              query: { from: period.from, to: period.to },
              options: [{ value, label }],
              title: `${title} (${label})`,
            })
          }
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
