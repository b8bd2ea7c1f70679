import { useDraggable } from '@dnd-kit/core';
import { type FormFieldType, formFieldTypeLabels, formFieldTypes } from '@idara/domain';
import classes from './FormBuilder.module.css';
import { FieldTypeIcon } from './field-icons';

export const PALETTE_PREFIX = 'palette:';
export const paletteId = (type: FormFieldType) => `${PALETTE_PREFIX}${type}`;
export const paletteTypeOf = (id: string | number): FormFieldType | null =>
  String(id).startsWith(PALETTE_PREFIX) ? (String(id).slice(PALETTE_PREFIX.length) as FormFieldType) : null;

function PaletteItem({ type, onAdd }: { type: FormFieldType; onAdd: (type: FormFieldType) => void }) {
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: paletteId(type),
    data: { from: 'palette', type },
  });
  // Enter and Space add the field at the end (a click), so the keyboard sensor is not bound here.
  const { onKeyDown: _keyboardDrag, ...pointer } = listeners ?? {};
  const label = formFieldTypeLabels[type];
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={classes.paletteItem}
      data-dragging={isDragging || undefined}
      data-testid={`palette-${type}`}
      aria-roledescription={attributes['aria-roledescription']}
      aria-describedby="form-builder-palette-help"
      aria-label={`إضافة حقل: ${label}`}
      onClick={() => onAdd(type)}
      {...pointer}
    >
      <span className={classes.paletteIcon}>
        <FieldTypeIcon type={type} />
      </span>
      <span>{label}</span>
    </button>
  );
}

/** The field types: drag one onto the canvas, or click it (Enter) to add it at the end. */
export function FieldPalette({ onAdd }: { onAdd: (type: FormFieldType) => void }) {
  return (
    <nav aria-label="أنواع الحقول">
      <p id="form-builder-palette-help" className={classes.srOnly}>
        اضغط Enter لإضافة الحقل في آخر النموذج، أو اسحبه بالفأرة إلى موضعه.
      </p>
      <div className={classes.palette}>
        {formFieldTypes.map((type) => (
          <PaletteItem key={type} type={type} onAdd={onAdd} />
        ))}
      </div>
    </nav>
  );
}

/** What follows the pointer while a palette item is dragged. */
export function PaletteOverlay({ type }: { type: FormFieldType }) {
  return (
    <div className={classes.overlayChip}>
      <FieldTypeIcon type={type} />
      {formFieldTypeLabels[type]}
    </div>
  );
}
