import {
  type Active,
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { arabicWeekdayOf, clockTime, riyadhParts } from '@idara/domain';
import { type ReactNode, useState } from 'react';
import { boardCollision, DRAG_INSTRUCTIONS, useBoardSensors } from './board-dnd';
import {
  type BoardVisit,
  changes,
  dropMove,
  readCardId,
  readDropId,
  SLOT_MINUTES,
  type VisitMove,
} from './board-model';
import classes from './Dispatch.module.css';
import type { MoveJob } from './use-visit-moves';
import { noteDragEnd, statusStyle, VisitFace } from './VisitCard';

interface Dragged {
  visit: BoardVisit;
  laneId: string;
  latest: MoveJob['latest'];
}

/**
 * Drag and drop over the board: a card dropped on a lane's track or a week's cell becomes a move
 * (`dropMove`), handed to `onMove`; while it is dragged a copy follows the pointer saying where it
 * would land («علي · 10:30 ص»), and a screen reader hears where it is, in Arabic.
 */
export function BoardDnd({
  view,
  day,
  hours,
  visits,
  laneName,
  now,
  onMove,
  prefetch,
  children,
}: {
  view: 'day' | 'week';
  /** The day view's day (a week's cells carry their own). */
  day: string;
  /** The day axis's hours. */
  hours: number;
  visits: readonly BoardVisit[];
  laneName: (laneId: string) => string;
  now: Date;
  onMove: (job: MoveJob) => void;
  prefetch: (visitId: string) => MoveJob['latest'];
  children: ReactNode;
}) {
  const sensors = useBoardSensors(view === 'day' ? hours * (60 / SLOT_MINUTES) : null);
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [landing, setLanding] = useState<string | null>(null);

  const cardOf = (active: Active) => {
    const card = readCardId(active.id);
    const visit =
      card &&
      (dragged?.visit._id === card.visitId ? dragged.visit : visits.find((v) => v._id === card.visitId));
    return card && visit ? { visit, laneId: card.laneId } : null;
  };

  /** The move a drop here would make, and the lane it lands in. */
  const moveAt = (
    active: Active,
    over: Over | null,
    deltaX: number,
  ): { move: VisitMove; laneId: string; visit: BoardVisit } | null => {
    const card = cardOf(active);
    const place = over ? readDropId(over.id) : null;
    if (!card || !place || !over) return null;
    const move = dropMove(card.visit, card.laneId, place, { day, deltaX, width: over.rect.width, hours });
    return { move, laneId: place.laneId, visit: card.visit };
  };

  const landingText = (laneId: string, move: VisitMove) => {
    const p = riyadhParts(move.scheduledAt);
    const when = clockTime(p.hour, p.minute);
    return view === 'week'
      ? `${laneName(laneId)} · ${arabicWeekdayOf(move.scheduledAt)} ${when}`
      : `${laneName(laneId)} · ${when}`;
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const card = cardOf(active);
    if (card) setDragged({ ...card, latest: prefetch(card.visit._id) });
    setLanding(null);
  };
  // dnd-kit tells a move before the place under the card is found again, then the new place.
  const onDragMove = ({ active, over, delta }: DragMoveEvent | DragOverEvent) => {
    const at = moveAt(active, over, delta.x);
    setLanding(at ? landingText(at.laneId, at.move) : 'خارج اللوحة');
  };
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    const at = moveAt(active, over, delta.x);
    const latest = dragged?.latest;
    noteDragEnd();
    setDragged(null);
    if (at && changes(at.visit, at.move)) onMove({ visit: at.visit, move: at.move, latest });
  };
  const onDragCancel = () => {
    noteDragEnd();
    setDragged(null);
  };

  const visitName = (active: Active) => {
    const card = cardOf(active);
    return card ? `الزيارة رقم ${card.visit.number} لدى ${card.visit.customerName}` : 'الزيارة';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `التُقطت ${visitName(active)}`,
    onDragOver: ({ active, over }) => {
      const at = over ? moveAt(active, over, 0) : null;
      return at ? `فوق مسار «${laneName(at.laneId)}»` : `${visitName(active)} خارج اللوحة`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `أُفلتت ${visitName(active)}` : `أُفلتت ${visitName(active)} خارج اللوحة، فبقيت في مكانها`,
    onDragCancel: ({ active }) => `أُلغي النقل، بقيت ${visitName(active)} في مكانها`,
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          <div className={`${classes.visit} ${classes.overlay}`} style={statusStyle(dragged.visit)}>
            <VisitFace visit={dragged.visit} now={now} />
            {landing && (
              <span className={classes.preview} data-testid="drag-landing">
                {landing}
              </span>
            )}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
