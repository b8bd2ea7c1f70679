import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { arabicPlural, formFieldTypeLabels, optionFieldTypes } from '@idara/domain';
import { ActionIcon, Badge, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconCopy, IconDragDrop, IconGripVertical, IconTrash } from '@tabler/icons-react';
import type { BuilderField, FieldErrors } from './builder-model';
import classes from './FormBuilder.module.css';
import { FieldTypeIcon } from './field-icons';
import { MoveButtons, ToolButton } from './ToolButton';

export const CANVAS_ID = 'canvas';

const OPTION_COUNT = {
  zero: 'بلا خيارات',
  one: 'خيار واحد',
  two: 'خياران',
  few: '{n} خيارات',
  many: '{n} خياراً',
  other: '{n} خيار',
};

/** Where a field dragged from the palette would land. */
export type DropTarget = { uid: string; side: 'before' | 'after' } | 'end' | null;

interface CardProps {
  field: BuilderField;
  index: number;
  count: number;
  selected: boolean;
  errors: FieldErrors | undefined;
  drop: 'before' | 'after' | undefined;
  onSelect: (uid: string) => void;
  onMove: (uid: string, delta: number) => void;
  onDuplicate: (uid: string) => void;
  onRemove: (uid: string) => void;
}

function FieldCard({
  field,
  index,
  count,
  selected,
  errors,
  drop,
  onSelect,
  onMove,
  onDuplicate,
  onRemove,
}: CardProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } =
    useSortable({ id: field.uid, data: { from: 'canvas' } });
  const name = field.label || formFieldTypeLabels[field.type];
  const firstError = errors ? Object.values(errors)[0] : undefined;
  const position = `${index + 1}`;

  return (
    <div
      ref={setNodeRef}
      id={`builder-field-${field.uid}`}
      className={classes.card}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-selected={selected || undefined}
      data-invalid={firstError ? true : undefined}
      data-dragging={isDragging || undefined}
      data-section={field.type === 'section' || undefined}
      data-drop={drop}
      data-testid="builder-field"
      data-key={field.key}
      data-type={field.type}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        radius="md"
        size="lg"
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={`اسحب لإعادة ترتيب «${name}» (الموضع ${position} من ${count})`}
        data-testid="field-handle"
      >
        <IconGripVertical size={18} />
      </ActionIcon>
      <UnstyledButton
        className={classes.cardMain}
        onClick={() => onSelect(field.uid)}
        aria-pressed={selected}
        aria-label={`${name}، ${formFieldTypeLabels[field.type]}${field.required ? '، مطلوب' : ''}${
          firstError ? `، فيه خطأ: ${firstError}` : ''
        }. اختر لتعديل الخصائص`}
        data-testid="field-select"
      >
        <span className={classes.cardIcon}>
          <FieldTypeIcon type={field.type} />
        </span>
        <span className={classes.cardText}>
          <Text
            size="sm"
            fw={field.type === 'section' ? 700 : 600}
            className={classes.cardLabel}
            data-testid="field-label"
          >
            {name}
            {field.required && (
              <Text span c="red" ms={4} aria-hidden>
                *
              </Text>
            )}
          </Text>
          <span className={classes.cardMeta}>
            <Text span size="xs" c="dimmed">
              {formFieldTypeLabels[field.type]}
            </Text>
            {optionFieldTypes.includes(field.type) && (
              <Text span size="xs" c="dimmed">
                {arabicPlural(field.options.filter((o) => o.trim()).length, OPTION_COUNT)}
              </Text>
            )}
          </span>
          {firstError && (
            <Text size="xs" c="red" mt={2} data-testid="field-error">
              <IconAlertCircle size={12} style={{ verticalAlign: 'middle' }} aria-hidden /> {firstError}
            </Text>
          )}
        </span>
      </UnstyledButton>
      <div className={classes.cardActions}>
        {field.required && (
          <Badge
            size="xs"
            variant="light"
            color="red"
            radius="sm"
            visibleFrom="xs"
            me={4}
            style={{ alignSelf: 'center' }}
          >
            مطلوب
          </Badge>
        )}
        <MoveButtons
          what={`«${name}»`}
          index={index}
          count={count}
          onMove={(delta) => onMove(field.uid, delta)}
          iconSize={16}
        />
        <ToolButton
          tip="نسخ الحقل"
          label={`نسخ «${name}»`}
          icon={<IconCopy size={16} />}
          onClick={() => onDuplicate(field.uid)}
        />
        <ToolButton
          tip="حذف الحقل"
          label={`حذف «${name}»`}
          icon={<IconTrash size={16} />}
          onClick={() => onRemove(field.uid)}
          danger
        />
      </div>
    </div>
  );
}

export interface BuilderCanvasProps
  extends Omit<CardProps, 'field' | 'index' | 'count' | 'selected' | 'errors' | 'drop'> {
  fields: BuilderField[];
  selected: string | null;
  errors: Record<string, FieldErrors>;
  drop: DropTarget;
  /** A palette item is being dragged over the canvas. */
  receiving: boolean;
}

/** The form's fields in order: a drop target for the palette and a sortable list. */
export function BuilderCanvas({
  fields,
  selected,
  errors,
  drop,
  receiving,
  ...handlers
}: BuilderCanvasProps) {
  const { setNodeRef } = useDroppable({ id: CANVAS_ID });
  return (
    <section
      ref={setNodeRef}
      className={classes.canvas}
      data-over={receiving || undefined}
      aria-label="حقول النموذج"
      data-testid="builder-canvas"
    >
      {fields.length === 0 ? (
        <div className={classes.canvasEmpty}>
          <ThemeIcon size={52} variant="light">
            <IconDragDrop size={28} />
          </ThemeIcon>
          <Text fw={600}>لا توجد حقول بعد</Text>
          <Text size="sm" c="dimmed" maw={340}>
            اسحب نوع حقل من القائمة وأفلته هنا، أو اضغط عليه ليُضاف في آخر النموذج.
          </Text>
        </div>
      ) : (
        <SortableContext items={fields.map((f) => f.uid)} strategy={verticalListSortingStrategy}>
          {fields.map((field, index) => (
            <FieldCard
              key={field.uid}
              field={field}
              index={index}
              count={fields.length}
              selected={selected === field.uid}
              errors={errors[field.uid]}
              drop={drop && drop !== 'end' && drop.uid === field.uid ? drop.side : undefined}
              {...handlers}
            />
          ))}
          {drop === 'end' && <div className={classes.dropEnd} aria-hidden />}
        </SortableContext>
      )}
    </section>
  );
}
