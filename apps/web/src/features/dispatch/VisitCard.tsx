import { useDraggable } from '@dnd-kit/core';
import { clockTime, isOverdueVisit, riyadhParts, visitStatusLabels } from '@idara/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CSSProperties, KeyboardEvent } from 'react';
import { visitStatusColors } from '../visit/visit-status';
import { type BoardVisit, cardId, isMovable, visitTimes } from './board-model';
import classes from './Dispatch.module.css';

/** When the last drag ended: the click that may follow a short drag does not open the card. */
let lastDragEnd = 0;
export const noteDragEnd = () => {
  lastDragEnd = Date.now();
};

/**
 * What a visit says on the board: its customer, number and start (its block's length or the whole
 * sentence in the hint tells its end), its state and city.
 */
export function VisitFace({ visit, now }: { visit: BoardVisit; now: Date }) {
  const overdue = isOverdueVisit(visit, now);
  const start = riyadhParts(visit.scheduledAt);
  return (
    <>
      <strong className={classes.line}>{visit.customerName}</strong>
      <span className={classes.line}>
        <bdi dir="ltr">#{visit.number}</bdi> · <bdi>{clockTime(start.hour, start.minute)}</bdi>
      </span>
      <span className={classes.line}>
        {overdue ? (
          <span className={classes.overdue}>
            <IconAlertTriangle size={12} aria-hidden style={{ verticalAlign: '-2px' }} /> متأخرة ·{' '}
          </span>
        ) : null}
        {visitStatusLabels[visit.status]}
        {visit.cityName ? ` · ${visit.cityName}` : ''}
      </span>
    </>
  );
}

/** The visit's colours, from its status. */
export const statusStyle = (visit: BoardVisit): CSSProperties =>
  ({
    '--status': `var(--mantine-color-${visitStatusColors[visit.status]}-filled)`,
    '--status-bg': `var(--mantine-color-${visitStatusColors[visit.status]}-light)`,
  }) as CSSProperties;

/** A sentence for a screen reader and the hover hint: everything the card shows, untruncated. */
export function describeVisit(visit: BoardVisit, now: Date): string {
  return [
    `زيارة رقم ${visit.number}`,
    visit.customerName,
    visit.cityName,
    visitTimes(visit),
    visitStatusLabels[visit.status],
    isOverdueVisit(visit, now) ? 'متأخرة' : null,
  ]
    .filter(Boolean)
    .join('، ');
}

/**
 * A visit in a lane: a block on a day's track (`className`, `style` place it) or a card in a week's
 * cell. A visit still to be done opens its move dialog (click or Enter) for whoever may move
 * visits, and is dragged with the mouse or the keyboard where `draggable`.
 */
export function VisitCard({
  visit,
  laneId,
  now,
  canMove,
  draggable,
  onOpen,
  className,
  style,
}: {
  visit: BoardVisit;
  laneId: string;
  now: Date;
  canMove: boolean;
  draggable: boolean;
  onOpen: (visit: BoardVisit) => void;
  className?: string;
  style?: CSSProperties;
}) {
  const movable = canMove && isMovable(visit);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: cardId(visit._id, laneId),
    disabled: !(movable && draggable),
    attributes: { roleDescription: 'زيارة قابلة للسحب' },
  });
  const description = describeVisit(visit, now);
  const open = () => {
    if (Date.now() - lastDragEnd > 300) onOpen(visit);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && !isDragging) {
      event.preventDefault();
      open();
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  const shared = {
    className: `${classes.visit} ${className ?? ''}`,
    style: { ...statusStyle(visit), ...style },
    'data-visit': visit.number,
    'data-overdue': isOverdueVisit(visit, now) || undefined,
    'data-closed': !isMovable(visit) || undefined,
    'data-hint': description,
  };
  if (!movable)
    return (
      <div {...shared}>
        <VisitFace visit={visit} now={now} />
      </div>
    );
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...shared}
      {...(draggable ? attributes : {})}
      {...(draggable ? listeners : {})}
      aria-label={description}
      aria-haspopup="dialog"
      data-interactive
      data-draggable={draggable || undefined}
      data-dragging={isDragging || undefined}
      onKeyDown={onKeyDown}
      onClick={open}
    >
      <VisitFace visit={visit} now={now} />
    </button>
  );
}
