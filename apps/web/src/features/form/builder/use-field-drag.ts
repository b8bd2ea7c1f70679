import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type DndContextProps,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { getEventCoordinates } from '@dnd-kit/utilities';
import { type FormFieldType, formFieldTypeLabels } from '@idara/domain';
import { useRef, useState } from 'react';
import { CANVAS_ID, type DropTarget } from './BuilderCanvas';
import type { BuilderField } from './builder-model';
import { paletteTypeOf } from './FieldPalette';

/** Palette drags look for the field under the pointer; reordering takes the closest card. */
const collision: CollisionDetection = (args) => {
  if (paletteTypeOf(args.active.id)) {
    const hits = pointerWithin(args);
    const onField = hits.filter((h) => h.id !== CANVAS_ID);
    return onField.length ? onField.slice(0, 1) : hits;
  }
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) => c.id !== CANVAS_ID),
  });
};

const INSTRUCTIONS =
  'لإعادة ترتيب الحقل اضغط مسافة أو Enter لالتقاطه، ثم السهمين لأعلى ولأسفل لتحريكه، ثم مسافة أو Enter لإفلاته، أو Escape للإلغاء.';

/**
 * The builder's drag and drop: a palette type dropped before or after a field (or at the end) adds
 * it there, a field dragged over another moves to its place; each step is announced. Gives the
 * `DndContext`'s props, the palette type being dragged and where it would land.
 */
export function useFieldDrag(
  fields: BuilderField[],
  addField: (type: FormFieldType, index?: number) => void,
  setFields: (update: (fields: BuilderField[]) => BuilderField[]) => void,
) {
  const [dragType, setDragType] = useState<FormFieldType | null>(null);
  const [drop, setDrop] = useState<DropTarget>(null);
  const dropRef = useRef<DropTarget>(null);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const setDropTarget = (target: DropTarget) => {
    dropRef.current = target;
    setDrop((cur) => (JSON.stringify(cur) === JSON.stringify(target) ? cur : target));
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragType(paletteTypeOf(active.id));
    setDropTarget(null);
  };

  const onDragMove = ({ active, over, activatorEvent, delta }: DragMoveEvent) => {
    if (!paletteTypeOf(active.id)) return;
    if (!over) return setDropTarget(null);
    if (over.id === CANVAS_ID) return setDropTarget('end');
    const start = getEventCoordinates(activatorEvent);
    const y = (start?.y ?? 0) + delta.y;
    const middle = over.rect.top + over.rect.height / 2;
    setDropTarget({ uid: String(over.id), side: y > middle ? 'after' : 'before' });
  };

  const endDrag = () => {
    setDragType(null);
    setDropTarget(null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const type = paletteTypeOf(active.id);
    const target = dropRef.current;
    endDrag();
    if (type) {
      if (!over || !target) return;
      if (target === 'end') return addField(type);
      const index = fields.findIndex((f) => f.uid === target.uid);
      addField(type, index < 0 ? undefined : index + (target.side === 'after' ? 1 : 0));
      return;
    }
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((f) => f.uid === active.id);
    const to = fields.findIndex((f) => f.uid === over.id);
    if (from < 0 || to < 0) return;
    setFields((list) => arrayMove(list, from, to));
  };

  const nameOf = (id: string | number) => {
    const type = paletteTypeOf(id);
    if (type) return `حقل «${formFieldTypeLabels[type]}»`;
    const f = fields.find((x) => x.uid === id);
    return f ? `«${f.label || formFieldTypeLabels[f.type]}»` : 'الحقل';
  };
  const positionOf = (id: string | number) => {
    const i = fields.findIndex((f) => f.uid === id);
    return i < 0 ? 'آخر النموذج' : `الموضع ${i + 1} من ${fields.length}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `التُقط ${nameOf(active.id)}. ${positionOf(active.id)}`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} فوق ${positionOf(over.id)}` : `${nameOf(active.id)} خارج النموذج`,
    onDragEnd: ({ active, over }) =>
      over ? `أُفلت ${nameOf(active.id)} في ${positionOf(over.id)}` : `أُفلت ${nameOf(active.id)} خارج النموذج`,
    onDragCancel: ({ active }) => `أُلغي السحب، بقي ${nameOf(active.id)} في مكانه`,
  };

  const contextProps: DndContextProps = {
    sensors,
    collisionDetection: collision,
    onDragStart,
    onDragMove,
    onDragEnd,
    onDragCancel: endDrag,
    accessibility: { announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } },
  };
  return { dragType, drop, contextProps };
}
