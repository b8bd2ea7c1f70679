import { useDroppable } from '@dnd-kit/core';
import { arabicWeekdayOf, formatGregorianDate, hijriParts, riyadhDayOf } from '@idara/domain';
import { Paper, Stack } from '@mantine/core';
import { Fragment } from 'react';
import { dayNoon } from '../../lib/riyadh-day';
import { type BoardVisit, dropId, type Lane, laneVisits } from './board-model';
import { weekdayOf } from './board-range';
import type { BoardCardProps } from './DayBoard';
import classes from './Dispatch.module.css';
import { LaneLabel } from './LaneLabel';
import { VisitCard } from './VisitCard';

const isWeekend = (day: string) => weekdayOf(day) === 5;
const visitsOn = (visits: BoardVisit[], day: string) =>
  visits.filter((v) => riyadhDayOf(v.scheduledAt) === day);

/** A day's name and dates: «الأحد», 2026/03/08, «19 رمضان». */
function DayName({ day }: { day: string }) {
  const noon = dayNoon(day);
  const hijri = hijriParts(noon);
  return (
    <>
      <strong>{arabicWeekdayOf(noon)}</strong>
      <br />
      <bdi>{formatGregorianDate(noon)}</bdi>
      <br />
      <span>
        {hijri.day} {hijri.monthName}
      </span>
    </>
  );
}

/** A lane's day in the week: its visits in time order; a drop here keeps the visit's time of day. */
function WeekCell({
  lane,
  day,
  visits,
  cards,
}: {
  lane: Lane;
  day: string;
  visits: BoardVisit[];
  cards: BoardCardProps;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId(lane.id, day), disabled: !cards.draggable });
  return (
    <div
      ref={setNodeRef}
      className={classes.cell}
      data-over={isOver || undefined}
      data-weekend={isWeekend(day) || undefined}
      data-cell={`${lane.id}|${day}`}
    >
      {visits.map((visit) => (
        <VisitCard key={visit._id} visit={visit} laneId={lane.id} {...cards} />
      ))}
    </div>
  );
}

interface WeekProps {
  days: string[];
  lanes: Lane[];
  visits: BoardVisit[];
  cards: BoardCardProps;
  onRemoveLane: (id: string) => void;
}

/** The week view: a row per lane, a column per day from Saturday to Friday. */
export function WeekBoard({ days, lanes, visits, cards, onRemoveLane }: WeekProps) {
  const today = riyadhDayOf(cards.now);
  return (
    <div className={classes.board} data-testid="week-board">
      <div className={classes.weekGrid}>
        <div className={classes.corner}>الفني</div>
        {days.map((day) => (
          <div
            key={day}
            className={classes.dayHead}
            data-today={day === today || undefined}
            data-weekend={isWeekend(day) || undefined}
          >
            <DayName day={day} />
          </div>
        ))}
        {lanes.map((lane) => {
          const mine = laneVisits(visits, lane.id);
          return (
            <Fragment key={lane.id}>
              <LaneLabel lane={lane} onRemove={onRemoveLane} />
              {days.map((day) => (
                <WeekCell key={day} lane={lane} day={day} visits={visitsOn(mine, day)} cards={cards} />
              ))}
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}

/** The week on a phone: each lane a card listing its days' visits; a visit moves through its dialog. */
export function WeekAgenda({ days, lanes, visits, cards, onRemoveLane }: WeekProps) {
  return (
    <Stack gap="sm" data-testid="week-board">
      {lanes.map((lane) => {
        const mine = laneVisits(visits, lane.id);
        return (
          <Paper key={lane.id} withBorder p="sm">
            <LaneLabel lane={lane} onRemove={onRemoveLane} stacked />
            <Stack gap={6}>
              {days.map((day) => {
                const onDay = visitsOn(mine, day);
                if (onDay.length === 0) return null;
                const noon = dayNoon(day);
                return (
                  <Stack key={day} gap={4}>
                    <span className={classes.agendaDay}>
                      {arabicWeekdayOf(noon)} <bdi>{formatGregorianDate(noon)}</bdi>
                    </span>
                    {onDay.map((visit) => (
                      <VisitCard
                        key={visit._id}
                        visit={visit}
                        laneId={lane.id}
                        {...cards}
                        draggable={false}
                      />
                    ))}
                  </Stack>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
