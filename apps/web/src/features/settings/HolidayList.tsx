import { arabicWeekdayOf, formatGregorianDate, formatHijriDate } from '@idara/domain';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyDayField } from '../../components/LazyDayField';
import { EmptyState } from '../../components/page';
import { dayNoon } from '../../lib/riyadh-day';

/** «الأربعاء 2031/05/14»: how a holiday is named on its row and its remove button. */
const dayName = (day: string) => `${arabicWeekdayOf(dayNoon(day))} ${formatGregorianDate(dayNoon(day))}`;

/**
 * The office's holidays (`holidays` in the settings): added with the day picker, each removed with
 * its button, kept in order. The change is saved with the settings, so nothing is lost until then.
 */
export function HolidayList({
  days,
  error,
  disabled,
  onChange,
}: {
  days: string[];
  /** The API's (or the schema's) word on the list or one of its days. */
  error?: string;
  disabled: boolean;
  onChange: (days: string[]) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const add = () => {
    if (!picked) return setPickError('اختر اليوم أولاً');
    if (days.includes(picked)) return setPickError('هذا اليوم من أيام العطل مسبقاً');
    onChange([...days, picked].sort());
    setPicked(null);
  };
  return (
    <Stack gap="sm" data-testid="holidays">
      <div>
        <Title order={3} fz="h5">
          أيام العطل
        </Title>
        <Text size="sm" c="dimmed">
          لا تُخطط عقود الصيانة زيارة في يوم منها ولا يوم جمعة: عيد الفطر، عيد الأضحى، اليوم الوطني (23
          سبتمبر)، يوم التأسيس (22 فبراير).
        </Text>
      </div>
      {!disabled && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 220px', maxWidth: 320 }}>
            <LazyDayField
              label="يوم عطلة"
              value={picked}
              error={pickError}
              onChange={(day) => {
                setPicked(day || null);
                setPickError(null);
              }}
            />
          </div>
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={add}>
            إضافة العطلة
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="holidays-error">
          {error}
        </Text>
      )}
      {days.length === 0 ? (
        <EmptyState
          boxed
          icon={<IconCalendarOff size={28} />}
          title="لا أيام عطل"
          text="تُخطط الزيارات في كل أيام الأسبوع عدا الجمعة."
        />
      ) : (
        <Paper withBorder component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="أيام العطل">
          {days.map((day, i) => (
            <Group
              key={day}
              component="li"
              justify="space-between"
              wrap="nowrap"
              px="md"
              py="xs"
              style={i ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
              data-holiday={day}
            >
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  <bdi>{dayName(day)}</bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  {formatHijriDate(dayNoon(day))}
                </Text>
              </div>
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`حذف عطلة ${dayName(day)}`}
                  onClick={() => onChange(days.filter((d) => d !== day))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
