import {
  arabicPlural,
  DAYS_GENITIVE,
  messageTemplates,
  type ReminderRuleRecord,
  reminderRuleBody,
  reminderTemplateNames,
} from '@idara/domain';
import {
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ask } from '../../components/confirm/confirm-store';
import { useEntityForm } from '../../components/entity';
import { CompactTable } from '../../components/page';
import { api } from '../../lib/api';
import { useCan } from '../../lib/auth';
import { SettingsSection } from './SettingsSection';

const RULES = '/api/reminder/rules';
const PREVIEW = '/api/reminder/preview';

const emptyRule = {
  name: '',
  daysAfterDue: 7,
  repeatEveryDays: 7,
  windowStart: '09:00',
  windowEnd: '17:00',
  template: 'payment_reminder',
  enabled: false,
};

const templateOptions = messageTemplates
  .filter((t) => reminderTemplateNames.includes(t.name))
  .map((t) => ({ value: t.name, label: t.label }));

function ruleSummary(r: ReminderRuleRecord) {
  const every = r.repeatEveryDays === 1 ? 'يوم' : arabicPlural(r.repeatEveryDays, DAYS_GENITIVE);
  const repeat = r.repeatEveryDays > 0 ? `، ثم كل ${every}` : '، مرة واحدة';
  const after =
    r.daysAfterDue === 0
      ? 'يوم الاستحقاق'
      : `بعد ${arabicPlural(r.daysAfterDue, DAYS_GENITIVE)} من الاستحقاق`;
  return `${after}${repeat}، بين ${r.windowStart} و${r.windowEnd} بتوقيت الرياض`;
}

/** Adds a rule, or edits `rule` (a PUT) when given; the server's refusals land on the fields. */
function RuleForm({
  rule,
  onSaved,
  onCancel,
}: {
  rule?: ReminderRuleRecord;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const entity = useEntityForm({
    resourcePath: RULES,
    id: rule?._id,
    record: rule,
    schema: reminderRuleBody,
    initialValues: emptyRule,
    guardUnsaved: false,
    // Editing says a refusal once, on its field (enabling without a fit template), not again in a toast.
    quietErrors: !!rule,
    successMessage: rule ? 'حُفظت تعديلات قاعدة التذكير' : 'أُضيفت قاعدة التذكير',
    onSaved,
  });
  const { form } = entity;
  return (
    <Stack gap="sm" data-testid={rule ? 'reminder-edit-form' : 'reminder-form'}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="اسم القاعدة" required {...form.getInputProps('name')} />
        <Select
          label="قالب واتساب المعتمد"
          data={templateOptions}
          allowDeselect={false}
          {...form.getInputProps('template')}
        />
        <NumberInput label="بعد الاستحقاق بـ (أيام)" min={1} {...form.getInputProps('daysAfterDue')} />
        <NumberInput
          label="التكرار كل (أيام، 0 = مرة واحدة)"
          min={0}
          {...form.getInputProps('repeatEveryDays')}
        />
        <TextInput label="بداية نافذة الإرسال" dir="ltr" {...form.getInputProps('windowStart')} />
        <TextInput label="نهاية نافذة الإرسال" dir="ltr" {...form.getInputProps('windowEnd')} />
      </SimpleGrid>
      <Switch label="مفعّلة" {...form.getInputProps('enabled', { type: 'checkbox' })} />
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            إلغاء
          </Button>
        )}
        <Button
          leftSection={rule ? <IconDeviceFloppy size={18} /> : <IconPlus size={18} />}
          loading={entity.saving}
          onClick={() => entity.submit()}
        >
          {rule ? 'حفظ التعديل' : 'إضافة القاعدة'}
        </Button>
      </Group>
    </Stack>
  );
}

function PreviewTable() {
  const { data } = useQuery({
    queryKey: [PREVIEW],
    queryFn: () => api(PREVIEW, { stopAlert: true }),
  });
  return (
    <Stack gap="xs" data-testid="reminder-preview">
      <Title order={3} fz="h5">
        من سيُذكَّر اليوم
      </Title>
      {data?.friday && <Text c="dimmed">اليوم جمعة: لا تُرسل التذكيرات.</Text>}
      {data && data.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          لا أحد اليوم.
        </Text>
      ) : (
        <CompactTable
          rows={data?.data ?? []}
          rowKey={(r) => `${r.rule}/${r.einvoice}`}
          minWidth={640}
          striped
          columns={[
            { header: 'العميل', cell: (r) => r.customerName },
            { header: 'الفاتورة', cell: (r) => <bdi>{r.invoiceNumber}</bdi> },
            {
              header: 'المبلغ المفتوح',
              cell: (r) => (
                <>
                  <bdi>{r.open}</bdi> ر.س
                </>
              ),
            },
            { header: 'أيام التأخير', cell: (r) => r.daysOverdue },
            { header: 'القاعدة', cell: (r) => r.ruleName },
            {
              header: 'السبب',
              cell: (r) => (
                <>
                  <Badge color={r.send ? 'teal' : 'gray'} variant="light" mb={4}>
                    {r.send ? 'سيُذكَّر' : 'لن يُذكَّر'}
                  </Badge>
                  <Text size="sm">{r.reason}</Text>
                </>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** Settings → «التذكيرات»: reminder rules for overdue balances (off by default) and today's dry run. */
export function ReminderSection() {
  const queryClient = useQueryClient();
  const canPreview = useCan('report:aging');
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const { data } = useQuery({
    queryKey: [RULES],
    queryFn: () => api(RULES, { stopAlert: true }),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [RULES] }),
      queryClient.invalidateQueries({ queryKey: [PREVIEW] }),
    ]);
  const toggle = async (r: ReminderRuleRecord, enabled: boolean) => {
    const { _id, createdAt, updatedAt, ...body } = r;
    await api(`${RULES}/${_id}`, { method: 'PUT', body: { ...body, enabled } }).catch(() => undefined);
    await refresh();
  };
  const remove = async (r: ReminderRuleRecord) => {
    if (
      !(await ask({
        header: 'حذف قاعدة التذكير',
        danger: true,
        acceptLabel: 'حذف',
        message: `حذف القاعدة «${r.name}» وسجل ما أُرسل بها؟`,
      }))
    )
      return;
    await api(`${RULES}/${r._id}`, { method: 'DELETE' }).catch(() => undefined);
    await refresh();
  };
  return (
    <SettingsSection
      title="التذكيرات"
      testId="reminder-section"
      description="تذكير العملاء بالفواتير المتأخرة عبر واتساب بالقالب المعتمد: لا تُرسل يوم الجمعة، ولا خارج نافذة الإرسال، ولا أكثر من مرة لكل تذكير. القواعد متوقفة حتى تفعّلها."
    >
      <Stack gap="md">
        {data?.data.map((r) =>
          editing === r._id ? (
            <Paper key={r._id} withBorder p="md" data-testid="reminder-rule-editing">
              <Title order={3} fz="h5" mb="sm">
                تعديل «{r.name}»
              </Title>
              <RuleForm
                rule={r}
                onCancel={() => setEditing(null)}
                onSaved={() => {
                  setEditing(null);
                  void refresh();
                }}
              />
            </Paper>
          ) : (
            <Group key={r._id} justify="space-between" wrap="nowrap" data-testid="reminder-rule">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{r.name}</Text>
                <Text size="sm" c="dimmed">
                  {ruleSummary(r)}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Switch
                  aria-label={`تفعيل ${r.name}`}
                  checked={r.enabled}
                  onChange={(e) => void toggle(r, e.currentTarget.checked)}
                />
                <Button
                  variant="subtle"
                  aria-label={`تعديل ${r.name}`}
                  title="تعديل"
                  onClick={() => setEditing(r._id)}
                  px="xs"
                >
                  <IconPencil size={18} />
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  aria-label={`حذف ${r.name}`}
                  onClick={() => void remove(r)}
                  px="xs"
                >
                  <IconTrash size={18} />
                </Button>
              </Group>
            </Group>
          ),
        )}
        <RuleForm
          key={formKey}
          onSaved={() => {
            // A fresh form for the next rule (the hook keeps the saved values).
            setFormKey((k) => k + 1);
            void refresh();
          }}
        />
        {canPreview && <PreviewTable />}
      </Stack>
    </SettingsSection>
  );
}
