import { Button, Group, NumberInput, type NumberInputProps, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconDeviceFloppy, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SectionLoader } from '../FullPageLoader';
import { ErrorAlert } from '../feedback';
import type { EntityForm as EntityFormState } from './use-entity-form';

/** Save (with loading) and cancel, small rounded buttons with the icon on the right (RTL). */
export function FormActions({
  saving,
  cancelTo,
  saveLabel = 'حفظ',
  cancelLabel = 'إلغاء',
  disabled,
  dirty,
}: {
  saving?: boolean;
  /** When given, says «لديك تغييرات غير محفوظة» beside the buttons while true. */
  dirty?: boolean;
  /** Where cancel goes; browser back when omitted. */
  cancelTo?: string;
  saveLabel?: string;
  cancelLabel?: string;
  disabled?: boolean;
}) {
  const navigate = useNavigate();
  const buttons = (
    <Group gap="xs" justify="flex-start" mt={dirty === undefined ? 'md' : undefined}>
      <Button type="submit" loading={saving} disabled={disabled} leftSection={<IconDeviceFloppy size={18} />}>
        {saveLabel}
      </Button>
      {cancelTo ? (
        <Button component={Link} to={cancelTo} variant="default" leftSection={<IconX size={18} />}>
          {cancelLabel}
        </Button>
      ) : (
        <Button variant="default" leftSection={<IconX size={18} />} onClick={() => navigate(-1)}>
          {cancelLabel}
        </Button>
      )}
    </Group>
  );
  if (dirty === undefined) return buttons;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {buttons}
      <Text size="sm" c="dimmed" aria-live="polite">
        {dirty ? 'لديك تغييرات غير محفوظة' : ''}
      </Text>
    </Group>
  );
}

/**
 * The footer of a record's own form page: «حفظ …» (`createLabel`) for a new record; for an edit
 * «حفظ التعديلات», enabled once something changed; the unsaved-changes notice beside the buttons.
 */
export function RecordFormActions({
  entity,
  cancelTo,
  createLabel,
  locked = false,
}: {
  entity: EntityFormState<any, any>;
  cancelTo: string;
  createLabel: string;
  /** Nothing may be saved (a closed order). */
  locked?: boolean;
}) {
  const dirty = entity.form.isDirty();
  return (
    <FormActions
      saving={entity.saving}
      cancelTo={cancelTo}
      dirty={dirty}
      disabled={locked || (entity.isEdit && !dirty)}
      saveLabel={entity.isEdit ? 'حفظ التعديلات' : createLabel}
    />
  );
}

/** Record could not be loaded (deleted, bad id …) — with a way back. */
export function RecordLoadError({ backTo, message }: { backTo: string; message?: string }) {
  return (
    <ErrorAlert title="تعذر تحميل السجل">
      <Stack gap="sm" align="flex-start">
        {message || 'السجل غير موجود أو تم حذفه.'}
        <Button
          component={Link}
          to={backTo}
          size="xs"
          variant="light"
          leftSection={<IconArrowRight size={16} />}
        >
          العودة إلى القائمة
        </Button>
      </Stack>
    </ErrorAlert>
  );
}

/**
 * Form scaffold for `useEntityForm`: loader / load error, a bordered card with the fields and
 * `FormActions`. `<EntityForm entity={ef} cancelTo="/dashboard/service"> …inputs… </EntityForm>`
 */
export function EntityForm({
  entity,
  cancelTo,
  children,
  maw = 760,
  saveLabel,
}: {
  entity: EntityFormState<any, any>;
  cancelTo: string;
  children: ReactNode;
  maw?: number | string;
  saveLabel?: string;
}) {
  if (entity.loading) return <SectionLoader />;
  if (entity.isEdit && entity.loadError)
    return <RecordLoadError backTo={cancelTo} message={entity.loadError.message} />;
  return (
    <form onSubmit={entity.submit} noValidate>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={maw}>
        <Stack>{children}</Stack>
        <FormActions saving={entity.saving} cancelTo={cancelTo} saveLabel={saveLabel} />
      </Paper>
      {entity.conflictDialog}
    </form>
  );
}

/** Money in riyals: 2 decimals, 'ر.س' suffix; the form keeps a string/number, the schema sends "150.00". */
export function MoneyInput(props: NumberInputProps) {
  return (
    <NumberInput
      decimalScale={2}
      fixedDecimalScale
      thousandSeparator=","
      allowNegative={false}
      suffix=" ر.س"
      inputMode="decimal"
      dir="ltr"
      min={0}
      hideControls
      {...props}
    />
  );
}
