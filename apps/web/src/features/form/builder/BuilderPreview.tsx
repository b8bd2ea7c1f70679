import { type Answers, type FormField, validateAnswers } from '@idara/domain';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconEraser, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { FormRenderer } from '../renderer/FormRenderer';

/**
 * The form as the employee will see it (right to left, the same renderer as the task screen);
 * answers typed here are only for trying it out and "تجربة التحقق" runs the same checks as submitting.
 */
export function BuilderPreview({
  title,
  description,
  fields,
}: {
  title: string;
  description: string;
  fields: FormField[];
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);

  const check = () => {
    const result = validateAnswers(fields, answers);
    setErrors(result.fieldErrors);
    setChecked(true);
  };

  const onChange = (next: Answers) => {
    setAnswers(next);
    if (checked) setErrors(validateAnswers(fields, next).fieldErrors);
  };

  const answerable = fields.filter((f) => f.type !== 'section').length;

  return (
    <Stack data-testid="builder-preview">
      <Alert variant="light" color="blue" icon={<IconEye size={18} />} p="xs">
        <Text size="sm">
          معاينة: هكذا يظهر النموذج للموظف عند تنفيذ المهمة. الإجابات هنا للتجربة ولا تُحفظ.
        </Text>
      </Alert>
      <div>
        <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
          {title.trim() || 'نموذج بلا عنوان'}
        </Title>
        {description.trim() && (
          <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {description}
          </Text>
        )}
      </div>
      {fields.length === 0 ? (
        <Text c="dimmed" size="sm">
          أضف حقولاً لتظهر هنا.
        </Text>
      ) : (
        <FormRenderer fields={fields} value={answers} onChange={onChange} errors={errors} />
      )}
      {answerable > 0 && (
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconChecklist size={16} />} onClick={check}>
            تجربة التحقق
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEraser size={16} />}
            onClick={() => {
              setAnswers({});
              setErrors({});
              setChecked(false);
            }}
          >
            مسح الإجابات
          </Button>
          {checked && Object.keys(errors).length === 0 && (
            <Text size="sm" c="teal" role="status">
              الإجابات مقبولة
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
