import {
  type ArabicPluralForms,
  arabicPlural,
  clockTime,
  compareArabic,
  isOpenVisit,
  isOverdueVisit,
  riyadhDayBounds,
  riyadhParts,
  type Visit,
} from '@idara/domain';

/**
 * What the dispatch board makes of a range's visits, kept free of React so it can be tested: the
 * lanes (one per technician, one for visits nobody is on), where a block sits on the day's time
 * axis, the counters, and what a drop or the dialog asks the server to save.
 */

/** The columns the board asks for (`fields=`): what a card shows and what a move needs. */
export const BOARD_FIELDS =
  '_id,number,customerName,cityName,scheduledAt,durationMinutes,assignees,status,updatedAt' as const;
export type BoardVisit = Pick<
  Visit,
  | '_id'
  | 'number'
  | 'customerName'
  | 'cityName'
  | 'scheduledAt'
  | 'durationMinutes'
  | 'assignees'
  | 'status'
  | 'updatedAt'
>;

/** The lane of visits with no technician. */
export const UNASSIGNED_LANE = 'unassigned';
export const UNASSIGNED_LABEL = 'بلا فني';

export interface Lane {
  /** A user's id, or {@link UNASSIGNED_LANE}. */
  id: string;
  name: string;
  jobTitle?: string | null;
  /** Shown because the office added it, not (only) because someone in it has a visit. */
  picked: boolean;
  visits: number;
}

export interface LaneUser {
  name: string;
  jobTitle?: string | null;
}

/** The lanes a visit shows in: each of its technicians', or the unassigned lane. */
export const lanesOfVisit = (visit: Pick<BoardVisit, 'assignees'>) =>
  visit.assignees.length > 0 ? visit.assignees : [UNASSIGNED_LANE];

const UNKNOWN_USER = 'موظف غير معروف';

/**
 * The unassigned lane first, then every technician on a visit of the range, every lane the office
 * added (`picked`) and every lane already shown for this range (`kept`: a lane whose last visit was
 * just dragged away stays to drop it back), by name.
 */
export function buildLanes(
  visits: readonly BoardVisit[],
  users: ReadonlyMap<string, LaneUser>,
  picked: readonly string[],
  kept: Iterable<string> = [],
): Lane[] {
  const counts = new Map<string, number>();
  for (const visit of visits)
    for (const lane of lanesOfVisit(visit)) counts.set(lane, (counts.get(lane) ?? 0) + 1);
  const people = new Set([...counts.keys(), ...picked, ...kept]);
  people.delete(UNASSIGNED_LANE);
  const technicians = [...people]
    .map((id) => ({
      id,
      name: users.get(id)?.name ?? UNKNOWN_USER,
      jobTitle: users.get(id)?.jobTitle ?? null,
      picked: picked.includes(id),
      visits: counts.get(id) ?? 0,
    }))
    .sort((a, b) => compareArabic(a.name, b.name));
  const unassigned = {
    id: UNASSIGNED_LANE,
    name: UNASSIGNED_LABEL,
    picked: false,
    visits: counts.get(UNASSIGNED_LANE) ?? 0,
  };
  return [unassigned, ...technicians];
}

/** A lane's visits, earliest first. */
export function laneVisits(visits: readonly BoardVisit[], laneId: string): BoardVisit[] {
  return visits
    .filter((v) => lanesOfVisit(v).includes(laneId))
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt));
}

// ---- the day's time axis ----

const DAY_MINUTES = 24 * 60;
/** Moves snap to this grid (the board's 15-minute slots). */
export const SLOT_MINUTES = 15;
/** The hours the day view shows at the least; a visit outside them widens the axis. */
export const AXIS_HOURS = { start: 7, end: 21 } as const;

/** Minutes since Riyadh midnight of a visit's start. */
export function startMinutes(visit: Pick<BoardVisit, 'scheduledAt'>): number {
  const p = riyadhParts(visit.scheduledAt);
  return p.hour * 60 + p.minute;
}

export interface DayAxis {
  /** The first hour shown and the hour the axis ends at (24 at the most). */
  start: number;
  end: number;
  hours: number;
}

/** The whole hours the day view spans: 07:00–21:00, widened to hold every visit of the day. */
export function dayAxis(visits: readonly Pick<BoardVisit, 'scheduledAt' | 'durationMinutes'>[]): DayAxis {
  let start: number = AXIS_HOURS.start;
  let end: number = AXIS_HOURS.end;
  for (const visit of visits) {
    const from = startMinutes(visit);
    start = Math.min(start, Math.floor(from / 60));
    end = Math.max(end, Math.min(24, Math.ceil((from + visit.durationMinutes) / 60)));
  }
  return { start, end, hours: end - start };
}

export interface Placed<T> {
  item: T;
  /** The row within its lane: overlapping visits sit one under the other. */
  row: number;
}

/** Overlapping visits of one lane stacked in rows, each in the first row free at its start. */
export function stackRows<T extends Pick<BoardVisit, 'scheduledAt' | 'durationMinutes'>>(
  visits: readonly T[],
): { placed: Placed<T>[]; rows: number } {
  const rowEnds: number[] = [];
  const placed = [...visits]
    .sort((a, b) => startMinutes(a) - startMinutes(b))
    .map((item) => {
      const from = startMinutes(item);
      let row = rowEnds.findIndex((end) => end <= from);
      if (row < 0) row = rowEnds.length;
      rowEnds[row] = from + item.durationMinutes;
      return { item, row };
    });
  return { placed, rows: Math.max(1, rowEnds.length) };
}

/** Where a block starts and how wide it is, in percent of the axis (from its start edge). */
export function blockSpan(
  visit: Pick<BoardVisit, 'scheduledAt' | 'durationMinutes'>,
  axis: { start: number; hours: number },
) {
  const total = axis.hours * 60;
  const from = startMinutes(visit) - axis.start * 60;
  const length = Math.min(visit.durationMinutes, total - from);
  return { start: (from / total) * 100, width: (Math.max(length, SLOT_MINUTES) / total) * 100 };
}

/** '7 ص', '12 م', '3 م': an hour of the axis. */
export const hourLabel = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 || hour === 24 ? 'ص' : 'م'}`;

/** '10:30 ص – 11:30 ص': when a visit starts and ends, Riyadh time. */
export function visitTimes(visit: Pick<BoardVisit, 'scheduledAt' | 'durationMinutes'>): string {
  const from = startMinutes(visit);
  const to = (from + visit.durationMinutes) % DAY_MINUTES;
  return `${clockTime(Math.floor(from / 60), from % 60)} – ${clockTime(Math.floor(to / 60), to % 60)}`;
}

/** The instant `minutes` after Riyadh midnight of `day`. */
export const atMinutes = (day: string, minutes: number) =>
  new Date(riyadhDayBounds(day).start.getTime() + minutes * 60_000).toISOString();

const snap = (minutes: number) => Math.round(minutes / SLOT_MINUTES) * SLOT_MINUTES;

/**
 * The start a block dragged `shiftMinutes` along `day`'s axis lands on: on the 15-minute grid and
 * within the day.
 */
export function shiftedStart(
  visit: Pick<BoardVisit, 'scheduledAt' | 'durationMinutes'>,
  day: string,
  shiftMinutes: number,
): string {
  const latest = DAY_MINUTES - Math.max(visit.durationMinutes, SLOT_MINUTES);
  const minutes = Math.min(Math.max(snap(startMinutes(visit) + shiftMinutes), 0), snap(latest));
  return atMinutes(day, minutes);
}

/** The same time of day on another day (a week view drop). */
export const sameTimeOn = (visit: Pick<BoardVisit, 'scheduledAt'>, day: string) =>
  atMinutes(day, startMinutes(visit));

// ---- moves ----

/** What a move saves (`PUT /api/visit/:id`). */
export interface VisitMove {
  assignees: string[];
  scheduledAt: string;
}

/**
 * A visit dropped from one lane on another is that technician's alone (nobody's on the unassigned
 * lane); moved along its own lane it keeps its team.
 */
export function dropTarget(
  visit: BoardVisit,
  fromLane: string,
  toLane: string,
  scheduledAt: string,
): VisitMove {
  const assignees = fromLane === toLane ? visit.assignees : toLane === UNASSIGNED_LANE ? [] : [toLane];
  return { assignees, scheduledAt };
}

/** Where a drop on a drop place puts a visit, and how far it was dragged along a day's track. */
export interface DropPlace {
  laneId: string;
  /** Week view: the day of the cell. */
  day?: string;
}

/**
 * The move a drop asks for. On a week's cell the visit keeps its time of day; on a day's track it
 * moves by how far it was dragged: the axis runs right to left, so a drag to the left is later.
 */
export function dropMove(
  visit: BoardVisit,
  fromLane: string,
  place: DropPlace,
  track: { day: string; deltaX: number; width: number; hours: number },
): VisitMove {
  const scheduledAt = place.day
    ? sameTimeOn(visit, place.day)
    : shiftedStart(visit, track.day, track.width > 0 ? (-track.deltaX / track.width) * track.hours * 60 : 0);
  return dropTarget(visit, fromLane, place.laneId, scheduledAt);
}

/** Whether saving `move` would change the visit. */
export function changes(visit: BoardVisit, move: VisitMove): boolean {
  const sameTime = new Date(visit.scheduledAt).getTime() === new Date(move.scheduledAt).getTime();
  const sameTeam =
    visit.assignees.length === move.assignees.length &&
    visit.assignees.every((id) => move.assignees.includes(id));
  return !(sameTime && sameTeam);
}

/** Only a visit still to be done is moved (the server refuses to edit a done, missed or cancelled one). */
export const isMovable = (visit: Pick<BoardVisit, 'status'>) => isOpenVisit(visit.status);

/** The board as it will be: moves on their way to the server drawn where they were dropped. */
export function withPending(
  visits: readonly BoardVisit[],
  pending: ReadonlyMap<string, VisitMove>,
): BoardVisit[] {
  if (pending.size === 0) return [...visits];
  return visits.map((v) => {
    const move = pending.get(v._id);
    return move ? { ...v, ...move } : v;
  });
}

// ---- drag and drop ids ----

/** A card is dragged from one lane (a team visit shows in each member's lane). */
export const cardId = (visitId: string, laneId: string) => `card|${visitId}|${laneId}`;
/** Day view: a lane's time track. Week view: a lane's day. */
export const dropId = (laneId: string, day?: string) => (day ? `cell|${laneId}|${day}` : `lane|${laneId}`);

export function readCardId(id: string | number): { visitId: string; laneId: string } | null {
  const [kind, visitId, laneId] = String(id).split('|');
  return kind === 'card' && visitId && laneId ? { visitId, laneId } : null;
}

export function readDropId(id: string | number): DropPlace | null {
  const [kind, laneId, day] = String(id).split('|');
  if (kind === 'lane' && laneId) return { laneId };
  if (kind === 'cell' && laneId && day) return { laneId, day };
  return null;
}

// ---- counters ----

const OVERDUE: ArabicPluralForms = {
  zero: 'لا زيارات متأخرة',
  one: 'زيارة متأخرة',
  two: 'زيارتان متأخرتان',
  few: '{n} زيارات متأخرة',
  many: '{n} زيارة متأخرة',
  other: '{n} زيارة متأخرة',
};
const UNASSIGNED: ArabicPluralForms = {
  zero: 'كل الزيارات مسندة',
  one: 'زيارة بلا فني',
  two: 'زيارتان بلا فني',
  few: '{n} زيارات بلا فني',
  many: '{n} زيارة بلا فني',
  other: '{n} زيارة بلا فني',
};

/** The range's overdue and unassigned visits, counted and said in Arabic. */
export function boardCounters(visits: readonly BoardVisit[], now: Date) {
  const overdue = visits.filter((v) => isOverdueVisit(v, now)).length;
  const unassigned = visits.filter((v) => v.assignees.length === 0 && isOpenVisit(v.status)).length;
  return {
    overdue,
    unassigned,
    overdueText: arabicPlural(overdue, OVERDUE),
    unassignedText: arabicPlural(unassigned, UNASSIGNED),
  };
}
