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
      {(['from', 'to'] as const).map((end) => (
        <LazyDayField
          key={end}
          label={end === 'from' ? 'من' : 'إلى'}
          clearable={false}
          value={period[end]}
          onChange={(day) => day && onChange({ ...period, [end]: day })}
          w={190}
        />
      ))}
    </Group>
  );
}
