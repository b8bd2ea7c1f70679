import type { Settings } from '@idara/domain';
import { NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { HolidayList } from './HolidayList';
import { SettingsSection } from './SettingsSection';

const isHolidaysKey = (key: string) => /^holidays(\.|$)/.test(key);

/** The first error the form holds on the holidays or one of them (`holidays.3`). */
const holidaysError = (errors: Record<string, unknown>) =>
  Object.entries(errors).find(([key, value]) => isHolidaysKey(key) && value)?.[1] as string | undefined;

/**
 * Settings → «الزيارات»: when a maintenance contract's planned visits start and how long they last,
 * and the holidays the planner never books. Saved with the other settings.
 */
export function VisitSection({ form, disabled }: { form: UseFormReturnType<Settings>; disabled: boolean }) {
  return (
    <SettingsSection
      title="الزيارات"
      testId="visit-settings"
      description="تبدأ كل زيارة تخططها عقود الصيانة في هذا الوقت بتوقيت الرياض وتستمر هذه المدة، ويمكن نقلها بعد ذلك من لوحة التوزيع. يسري التغيير على العقود التي تُضاف أو تُعدَّل بعده."
    >
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="بداية الزيارات"
            description="الساعة والدقيقة بنظام 24 ساعة، مثل 08:00 أو 13:30"
            placeholder="08:00"
            dir="ltr"
            inputMode="numeric"
            maxLength={5}
            {...form.getInputProps('visitDayStart')}
          />
          <NumberInput
            label="مدة الزيارة (بالدقائق)"
            description="من 15 دقيقة إلى 12 ساعة (720 دقيقة)"
            min={15}
            max={720}
            step={15}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            dir="ltr"
            {...form.getInputProps('visitMinutes')}
          />
        </SimpleGrid>
        <HolidayList
          days={form.values.holidays}
          error={holidaysError(form.errors)}
          disabled={disabled}
          onChange={(days) => {
            form.setFieldValue('holidays', days);
            form.setErrors(
              Object.fromEntries(Object.entries(form.errors).filter(([k]) => !isHolidaysKey(k))),
            );
          }}
        />
      </Stack>
    </SettingsSection>
  );
}
