import { type AnswerValue, type FormField, formatHijriDate, normalizeSaudiPhone } from '@idara/domain';
import { Badge, Group, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { dayNoon } from '../../../lib/riyadh-day';
import { AttachmentView } from './AttachmentView';
import classes from './FormRenderer.module.css';
import { SignatureImage } from './SignatureInput';

const isEmpty = (v: AnswerValue | undefined) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function NoAnswer() {
  return (
    <Text span c="dimmed" size="sm">
      لم تتم الإجابة
    </Text>
  );
}

/** An answer shown as text: yes/no, chips, dates with the Hijri day, images for photos and signatures. */
function AnswerValueView({ field, value }: { field: FormField; value: AnswerValue | undefined }) {
  if (field.type === 'checkbox') {
    const yes = value === true;
    return (
      <Group gap={6} wrap="nowrap">
        {yes ? (
          <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
        ) : (
          <IconX size={18} color="var(--mantine-color-dimmed)" aria-hidden />
        )}
        <Text span size="sm" fw={500}>
          {yes ? 'نعم' : 'لا'}
        </Text>
      </Group>
    );
  }
  if (isEmpty(value)) return <NoAnswer />;
  switch (field.type) {
    case 'multiselect': {
      const list = Array.isArray(value) ? value : [String(value)];
      return (
        <Group gap={6} wrap="wrap">
          {list.map((v) => (
            <Badge key={v} variant="light" radius="sm" size="lg" tt="none" fw={500}>
              {v}
            </Badge>
          ))}
        </Group>
      );
    }
    case 'number':
      return (
        <Text span size="sm" fw={500}>
          <bdi dir="ltr">{String(value)}</bdi>
        </Text>
      );
    case 'phone': {
      const text = String(value);
      const normal = normalizeSaudiPhone(text);
      return (
        <Text span size="sm" fw={500}>
          <bdi dir="ltr">{normal ?? text}</bdi>
        </Text>
      );
    }
    case 'date': {
      const day = String(value).slice(0, 10);
      const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);
      return (
        <Text span size="sm" fw={500}>
          <bdi>{day.replaceAll('-', '/')}</bdi>
          {valid && (
            <Text span size="xs" c="dimmed" ms={8}>
              <bdi>{formatHijriDate(dayNoon(day))}</bdi>
            </Text>
          )}
        </Text>
      );
    }
    case 'file':
      return typeof value === 'string' ? <AttachmentView id={value} /> : <NoAnswer />;
    case 'signature':
      return typeof value === 'string' ? <SignatureImage id={value} label={field.label} /> : <NoAnswer />;
    default:
      return (
        <Text span size="sm" fw={500}>
          {String(value)}
        </Text>
      );
  }
}

/** A section field: a heading with its help text, the same in the filled form and in its answers. */
export function SectionHeading({ field }: { field: Pick<FormField, 'label' | 'help'> }) {
  return (
    <div className={classes.section}>
      <Title order={3} fz="h4">
        {field.label}
      </Title>
      {field.help && (
        <Text size="sm" c="dimmed" mt={4}>
          {field.help}
        </Text>
      )}
    </div>
  );
}

/** One read-only answer: the label (as a term) and the answer (as its description). */
export function FieldAnswer({
  field,
  value,
  error,
}: {
  field: FormField;
  value: AnswerValue | undefined;
  error?: string;
}) {
  if (field.type === 'section') return <SectionHeading field={field} />;
  return (
    <div className={classes.answer} data-testid="answer" data-field-key={field.key}>
      <dt>
        <Text span size="sm" c="dimmed">
          {field.label}
        </Text>
      </dt>
      <dd>
        <AnswerValueView field={field} value={value} />
        {error && (
          <Text size="sm" c="red" mt={4}>
            {error}
          </Text>
        )}
      </dd>
    </div>
  );
}
