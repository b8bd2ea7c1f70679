import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateText } from '../bidi';

/** One label/value pair of a details page; empty values show a dash. */
export function InfoItem({ label, children }: { label: string; children?: ReactNode }) {
  const empty = children === undefined || children === null || children === '';
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" mb={2}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {empty ? '—' : typeof children === 'string' ? <bdi>{children}</bdi> : children}
      </Text>
    </div>
  );
}

/** When a record was added and last changed: two items of its details. */
export function RecordDates({ record }: { record: { createdAt: string; updatedAt: string } }) {
  return (
    <>
      <InfoItem label="تاريخ الإضافة">
        <DateText value={record.createdAt} />
      </InfoItem>
      <InfoItem label="آخر تعديل">
        <DateText value={record.updatedAt} />
      </InfoItem>
    </>
  );
}
