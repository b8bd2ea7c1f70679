import { useDroppable } from '@dnd-kit/core';
import { riyadhDayOf } from '@idara/domain';
import { type CSSProperties, Fragment, useEffect, useRef } from 'react';
import {
  type BoardVisit,
  blockSpan,
  type DayAxis,
  dropId,
  hourLabel,
  type Lane,
  laneVisits,
  stackRows,
  startMinutes,
} from './board-model';
import classes from './Dispatch.module.css';
import { LaneLabel } from './LaneLabel';
import { VisitCard } from './VisitCard';

export interface BoardCardProps {
  now: Date;
  canMove: boolean;
  draggable: boolean;
  onOpen: (visit: BoardVisit) => void;
}

/** One lane's track on the day's axis: its visits as blocks by time and length, overlaps stacked. */
function DayTrack({
  lane,
  visits,
  axis,
  nowAt,
  cards,
}: {
  lane: Lane;
  visits: BoardVisit[];
  axis: DayAxis;
  /** Where now is on the axis (percent), today only. */
  nowAt: number | null;
  cards: BoardCardProps;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId(lane.id), disabled: !cards.draggable });
  const { placed, rows } = stackRows(visits);
  return (
    <div
      ref={setNodeRef}
      className={classes.track}
      style={{ '--rows': rows } as CSSProperties}
      data-over={isOver || undefined}
      data-track={lane.id}
    >
      {nowAt !== null && <div className={classes.now} style={{ '--at': `${nowAt}%` } as CSSProperties} />}
      {placed.map(({ item, row }) => {
        const span = blockSpan(item, axis);
        return (
          <VisitCard
            key={item._id}
            visit={item}
            laneId={lane.id}
            {...cards}
            className={classes.block}
            style={
              { '--row': row, '--start': `${span.start}%`, '--width': `${span.width}%` } as CSSProperties
            }
          />
        );
      })}
    </div>
  );
}

/**
 * The day view: a lane per technician, the hours running from the start edge (07:00 at the right)
 * to the end edge; the board scrolls sideways inside its own box on a narrow screen.
 */
export function DayBoard({
  day,
  axis,
  lanes,
  visits,
  cards,
  onRemoveLane,
}: {
  day: string;
  axis: DayAxis;
  lanes: Lane[];
  visits: BoardVisit[];
  cards: BoardCardProps;
  onRemoveLane: (id: string) => void;
}) {
  const hours = Array.from({ length: axis.hours }, (_, i) => axis.start + i);
  const isToday = riyadhDayOf(cards.now) === day;
  const nowMinutes = startMinutes({ scheduledAt: cards.now.toISOString() }) - axis.start * 60;
  const nowAt =
    isToday && nowMinutes >= 0 && nowMinutes <= axis.hours * 60
      ? (nowMinutes / (axis.hours * 60)) * 100
      : null;
  // Today opens with now in view, however late in the day it is.
  const box = useRef<HTMLDivElement>(null);
  const showsNow = nowAt !== null;
  useEffect(() => {
    if (showsNow)
      box.current?.querySelector(`.${classes.now}`)?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [showsNow]);
  return (
    <div ref={box} className={classes.board} data-testid="day-board">
      <div className={classes.dayGrid} style={{ '--hours': axis.hours } as CSSProperties}>
        <div className={classes.corner}>الفني</div>
        <div className={classes.hours} aria-hidden>
          {hours.map((hour, i) => (
            <span key={hour} className={classes.hour} style={{ '--i': i } as CSSProperties} data-hour={hour}>
              {hourLabel(hour)}
            </span>
          ))}
        </div>
        {lanes.map((lane) => (
          <Fragment key={lane.id}>
            <LaneLabel lane={lane} onRemove={onRemoveLane} />
            <DayTrack
              lane={lane}
              visits={laneVisits(visits, lane.id)}
              axis={axis}
              nowAt={nowAt}
              cards={cards}
            />
          </Fragment>
        ))}
      </div>
    </div>
  );
}
