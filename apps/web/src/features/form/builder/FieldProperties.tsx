import { type FormFieldType, formFieldTypeLabels, formFieldTypes, optionFieldTypes } from '@idara/domain';
import {
  Alert,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertCircle, IconClick, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { Disclosure } from '../../../components/Disclosure';
import { useAuth } from '../../../lib/auth';
import { type BuilderField, boundLabels, type FieldErrors, placeholderTypes } from './builder-model';
import { FieldTypeIcon } from './field-icons';
import { OptionsEditor } from './OptionsEditor';

const TYPE_OPTIONS = formFieldTypes.map((t) => ({ value: t, label: formFieldTypeLabels[t] }));

export function NoFieldSelected() {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={48} variant="light" color="gray">
        <IconClick size={26} />
      </ThemeIcon>
      <Text fw={600}>لم يُحدَّد حقل</Text>
      <Text size="sm" c="dimmed">
        اختر حقلاً من النموذج لتعديل عنوانه وخياراته.
      </Text>
    </Stack>
  );
}

/** What a key problem says to someone who never sees keys (no Latin name in it). */
export const KEY_CLASH = 'يشترك هذا الحقل في معرّفه الداخلي مع حقل آخر';

/**
 * The selected field's properties: type, label, required, options, bounds, placeholder, help.
 *
 * The key under which an answer is stored is internal: generated when the field is added (field_1,
 * field_2 …), kept when the label changes, and never shown to those who build forms — exports head
 * their columns with the labels. An administrator finds it under «متقدم» (for an integration that
 * reads answers by key, or a form sent through the API with a key twice); anyone else whose field
 * shares its key is offered a fresh one.
 */
export function FieldProperties({
  field,
  errors,
  duplicateKey,
  onChange,
  onNewKey,
  onDuplicate,
  onRemove,
}: {
  field: BuilderField;
  errors: FieldErrors | undefined;
  /** The key is also used by another field (checked as the user types). */
  duplicateKey: boolean;
  onChange: (patch: Partial<BuilderField>) => void;
  /** Gives the field a key no other field uses. */
  onNewKey: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const isAdmin = useAuth().user?.role === 'admin';
  const e = errors ?? {};
  const keyError = e.key ?? (duplicateKey ? `المفتاح «${field.key}» مستخدم في حقل آخر` : undefined);
  const bounds = boundLabels(field.type);
  const section = field.type === 'section';

  const changeType = (type: FormFieldType) => {
    const patch: Partial<BuilderField> = { type };
    if (optionFieldTypes.includes(type) && field.options.filter((o) => o.trim()).length === 0)
      patch.options = ['الخيار الأول', 'الخيار الثاني'];
    if (type === 'section') patch.required = false;
    onChange(patch);
  };

  return (
    <Stack data-testid="field-properties">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon variant="light" radius="md" size="lg">
          <FieldTypeIcon type={field.type} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fw={700}>خصائص الحقل</Text>
          <Text size="xs" c="dimmed">
            {formFieldTypeLabels[field.type]}
          </Text>
        </div>
      </Group>

      {e._ && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="xs">
          {e._}
        </Alert>
      )}

      <Select
        label="نوع الحقل"
        data={TYPE_OPTIONS}
        value={field.type}
        onChange={(v) => v && changeType(v as FormFieldType)}
        allowDeselect={false}
        error={e.type}
        data-builder-prop="type"
      />

      <TextInput
        label={section ? 'عنوان القسم' : 'عنوان الحقل'}
        withAsterisk
        value={field.label}
        maxLength={200}
        onChange={(ev) => onChange({ label: ev.currentTarget.value })}
        error={e.label}
        data-builder-prop="label"
      />

      {keyError && !isAdmin && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          p="xs"
          data-testid="key-clash"
        >
          <Stack gap={6} align="flex-start">
            <Text size="sm">{KEY_CLASH}، فلا يُحفظ النموذج حتى يُعطى معرّفاً جديداً.</Text>
            <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={onNewKey}>
              إعطاؤه معرّفاً جديداً
            </Button>
          </Stack>
        </Alert>
      )}

      {!section && (
        <Switch
          label="حقل مطلوب"
          description="لا تُسلَّم المهمة قبل الإجابة عنه"
          checked={field.required}
          onChange={(ev) => onChange({ required: ev.currentTarget.checked })}
          data-builder-prop="required"
        />
      )}

      {optionFieldTypes.includes(field.type) && (
        <OptionsEditor
          options={field.options}
          onChange={(options) => onChange({ options })}
          error={e.options}
        />
      )}

      {bounds && (
        <div>
          <Text size="sm" fw={500}>
            {bounds.hint}
          </Text>
          <SimpleGrid cols={2} spacing="sm" mt={4}>
            {(['min', 'max'] as const).map((bound) => (
              <TextInput
                key={bound}
                label={bounds[bound]}
                value={field[bound]}
                inputMode={field.type === 'number' ? 'decimal' : 'numeric'}
                dir="ltr"
                placeholder="—"
                onChange={(ev) => onChange({ [bound]: ev.currentTarget.value })}
                error={e[bound]}
                data-builder-prop={bound}
              />
            ))}
          </SimpleGrid>
        </div>
      )}

      {placeholderTypes.includes(field.type) && (
        <TextInput
          label="نص إرشادي داخل الحقل"
          placeholder="مثال: اكتب رقم العداد"
          value={field.placeholder}
          maxLength={200}
          onChange={(ev) => onChange({ placeholder: ev.currentTarget.value })}
          error={e.placeholder}
          data-builder-prop="placeholder"
        />
      )}

      <Textarea
        label={section ? 'وصف القسم' : 'نص المساعدة'}
        description={section ? undefined : 'يظهر تحت عنوان الحقل'}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={500}
        value={field.help}
        onChange={(ev) => onChange({ help: ev.currentTarget.value })}
        error={e.help}
        data-builder-prop="help"
      />

      {isAdmin && (
        <Disclosure summary="متقدم" defaultOpen={Boolean(keyError)} testId="field-advanced">
          <TextInput
            label="المفتاح"
            withAsterisk
            description="اسم لاتيني فريد يُحفظ به الجواب داخلياً ويُولَّد تلقائياً؛ لا يراه غير مدير النظام. لا تغيّره إلا لربط يقرأ الأجوبة به."
            value={field.key}
            maxLength={50}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            onChange={(ev) => onChange({ key: ev.currentTarget.value.replace(/\s+/g, '_') })}
            error={keyError}
            data-builder-prop="key"
          />
        </Disclosure>
      )}

      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={onDuplicate}>
          نسخ الحقل
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={onRemove}
        >
          حذف الحقل
        </Button>
      </Group>
    </Stack>
  );
}
