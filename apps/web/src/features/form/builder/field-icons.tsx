import type { FormFieldType } from '@idara/domain';
import {
  IconAlignRight,
  IconCalendar,
  IconCircleDot,
  IconHeading,
  IconLetterCase,
  IconListCheck,
  IconNumber123,
  IconPaperclip,
  IconPhone,
  IconSelector,
  IconSignature,
  IconSquareCheck,
} from '@tabler/icons-react';

const ICONS: Record<FormFieldType, typeof IconLetterCase> = {
  text: IconLetterCase,
  textarea: IconAlignRight,
  number: IconNumber123,
  date: IconCalendar,
  select: IconSelector,
  multiselect: IconListCheck,
  checkbox: IconSquareCheck,
  radio: IconCircleDot,
  phone: IconPhone,
  file: IconPaperclip,
  signature: IconSignature,
  section: IconHeading,
};

export function FieldTypeIcon({ type, size = 18 }: { type: FormFieldType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden stroke={1.7} />;
}
