import { Group } from '@mantine/core';
import { LazyDayField } from '../../../components/LazyDayField';

/**
 * A period of one's own choosing: its first and last day. A day left empty keeps the report where
 * it is; a period the API refuses (the end before the start, longer than a year) says why in place.
 */
export function VisitsRangeFields({
  period,
  onChange,
}: {
  period: { from: string; to: string };
  onChange: (period: { from: string; to: string }) => void;
}) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-start">
      <LazyDayField
        label="من"
        clearable={false}
        value={period.from}
        onChange={(day) => day && onChange({ ...period, from: day })}
        w={190}
      />
      <LazyDayField
        label="إلى"
        clearable={false}
        value={period.to}
        onChange={(day) => day && onChange({ ...period, to: day })}
        w={190}
      />
    </Group>
  );
}
