import { describe, expect, it } from 'vitest';
import {
  type BoardVisit,
  blockSpan,
  boardCounters,
  buildLanes,
  cardId,
  changes,
  dayAxis,
  dropId,
  dropTarget,
  hourLabel,
  laneVisits,
  readCardId,
  readDropId,
  sameTimeOn,
  shiftedStart,
  stackRows,
  UNASSIGNED_LANE,
  visitTimes,
  withPending,
} from './board-model';

/** A visit on 2026-03-08 (a Sunday) at `time` Riyadh time. */
function visit(id: string, time: string, extra: Partial<BoardVisit> = {}): BoardVisit {
  return {
    _id: id,
    number: Number(id.replace(/\D/g, '')) || 1,
    customerName: `عميل ${id}`,
    cityName: 'الرياض',
    scheduledAt: `2026-03-08T${time}:00+03:00`,
    durationMinutes: 60,
    assignees: [],
    status: 'planned',
    updatedAt: '2026-03-01T00:00:00Z',
    ...extra,
  };
}

const users = new Map([
  ['u-sara', { name: 'سارة', jobTitle: 'فنية تكييف' }],
  ['u-ali', { name: 'علي', jobTitle: null }],
  ['u-badr', { name: 'بدر' }],
]);

describe('the lanes', () => {
  it('puts the unassigned lane first, then every technician on a visit or added by the office, by name', () => {
    const visits = [
      visit('v1', '09:00', { assignees: ['u-sara'] }),
      visit('v2', '10:00', { assignees: ['u-sara', 'u-ali'] }),
      visit('v3', '11:00'),
    ];
    const lanes = buildLanes(visits, users, ['u-badr', 'u-ali']);
    expect(lanes.map((l) => [l.id, l.name, l.visits, l.picked])).toEqual([
      [UNASSIGNED_LANE, 'بلا فني', 1, false],
      ['u-badr', 'بدر', 0, true],
      ['u-sara', 'سارة', 2, false],
      ['u-ali', 'علي', 1, true],
    ]);
    // A lane already shown stays when its last visit leaves it.
    expect(buildLanes([], users, [], ['u-ali']).map((l) => [l.id, l.visits, l.picked])).toEqual([
      [UNASSIGNED_LANE, 0, false],
      ['u-ali', 0, false],
    ]);
    expect(buildLanes([visit('v9', '09:00', { assignees: ['gone'] })], users, [])[1].name).toBe(
      'موظف غير معروف',
    );
  });

  it("lists a team visit in each member's lane, earliest first", () => {
    const visits = [
      visit('v2', '13:00', { assignees: ['u-ali'] }),
      visit('v1', '08:00', { assignees: ['u-sara', 'u-ali'] }),
    ];
    expect(laneVisits(visits, 'u-ali').map((v) => v._id)).toEqual(['v1', 'v2']);
    expect(laneVisits(visits, 'u-sara').map((v) => v._id)).toEqual(['v1']);
    expect(laneVisits(visits, UNASSIGNED_LANE)).toEqual([]);
  });
});

describe('the day axis', () => {
  it('spans 07:00 to 21:00, widened to hold an early or late visit', () => {
    expect(dayAxis([visit('v1', '09:00')])).toEqual({ start: 7, end: 21, hours: 14 });
    expect(dayAxis([visit('v1', '05:30'), visit('v2', '21:15')])).toEqual({ start: 5, end: 23, hours: 18 });
    expect(dayAxis([visit('v1', '23:30')]).end).toBe(24);
  });

  it('places a block by its start and length, and stacks overlapping visits in rows', () => {
    const axis = { start: 7, hours: 14 };
    expect(blockSpan(visit('v1', '07:00'), axis)).toEqual({ start: 0, width: (60 / 840) * 100 });
    expect(blockSpan(visit('v1', '14:00', { durationMinutes: 90 }), axis)).toEqual({
      start: 50,
      width: (90 / 840) * 100,
    });
    const { placed, rows } = stackRows([
      visit('v1', '09:00'),
      visit('v2', '09:30'),
      visit('v3', '10:00'),
      visit('v4', '09:45'),
    ]);
    expect(rows).toBe(3);
    expect(placed.map((p) => [p.item._id, p.row])).toEqual([
      ['v1', 0],
      ['v2', 1],
      ['v4', 2],
      ['v3', 0],
    ]);
  });

  it('says hours and times on the 12-hour clock with ص and م', () => {
    expect([7, 12, 13, 24].map(hourLabel)).toEqual(['7 ص', '12 م', '1 م', '12 ص']);
    expect(visitTimes(visit('v1', '11:30'))).toBe('11:30 ص – 12:30 م');
  });
});

describe('moves', () => {
  const at = (iso: string) => new Date(iso).toISOString();

  it('lands a dragged block on the 15-minute grid within the day', () => {
    const v = visit('v1', '09:00');
    expect(shiftedStart(v, '2026-03-08', 50)).toBe(at('2026-03-08T09:45:00+03:00'));
    expect(shiftedStart(v, '2026-03-08', -7)).toBe(at('2026-03-08T09:00:00+03:00'));
    expect(shiftedStart(v, '2026-03-08', -24 * 60)).toBe(at('2026-03-08T00:00:00+03:00'));
    expect(shiftedStart(v, '2026-03-08', 24 * 60)).toBe(at('2026-03-08T23:00:00+03:00'));
    expect(sameTimeOn(v, '2026-03-12')).toBe(at('2026-03-12T09:00:00+03:00'));
  });

  it('gives a visit dropped on another lane to that technician alone, or to nobody; along its lane it keeps its team', () => {
    const team = visit('v1', '09:00', { assignees: ['u-sara', 'u-ali'] });
    const time = at('2026-03-08T10:00:00+03:00');
    expect(dropTarget(team, 'u-sara', 'u-badr', time)).toEqual({ assignees: ['u-badr'], scheduledAt: time });
    expect(dropTarget(team, 'u-sara', UNASSIGNED_LANE, time)).toEqual({ assignees: [], scheduledAt: time });
    expect(dropTarget(team, 'u-ali', 'u-ali', time).assignees).toEqual(['u-sara', 'u-ali']);
    expect(changes(team, { assignees: ['u-ali', 'u-sara'], scheduledAt: team.scheduledAt })).toBe(false);
    expect(changes(team, { assignees: ['u-ali'], scheduledAt: team.scheduledAt })).toBe(true);
    expect(changes(team, { assignees: team.assignees, scheduledAt: time })).toBe(true);
  });

  it('draws a move on its way where it was dropped', () => {
    const visits = [visit('v1', '09:00'), visit('v2', '10:00')];
    const moved = withPending(visits, new Map([['v2', { assignees: ['u-ali'], scheduledAt: 'x' }]]));
    expect(moved[1]).toMatchObject({ _id: 'v2', assignees: ['u-ali'], scheduledAt: 'x' });
    expect(moved[0]).toBe(visits[0]);
  });

  it('names cards and drop places so a drop can be read back', () => {
    expect(readCardId(cardId('v1', UNASSIGNED_LANE))).toEqual({ visitId: 'v1', laneId: UNASSIGNED_LANE });
    expect(readDropId(dropId('u-ali'))).toEqual({ laneId: 'u-ali' });
    expect(readDropId(dropId('u-ali', '2026-03-08'))).toEqual({ laneId: 'u-ali', day: '2026-03-08' });
    expect(readDropId('something')).toBeNull();
    expect(readCardId(dropId('u-ali'))).toBeNull();
  });
});

describe('the counters', () => {
  it('counts overdue and unassigned visits with Arabic plurals', () => {
    const now = new Date('2026-03-08T12:00:00+03:00');
    const visits = [
      visit('v1', '08:00'),
      visit('v2', '09:00', { assignees: ['u-ali'] }),
      visit('v3', '09:00', { status: 'done' }),
      visit('v4', '15:00'),
      visit('v5', '10:00', { status: 'started', assignees: ['u-sara'] }),
    ];
    expect(boardCounters(visits, now)).toEqual({
      overdue: 3,
      unassigned: 2,
      overdueText: '3 زيارات متأخرة',
      unassignedText: 'زيارتان بلا فني',
    });
    expect(boardCounters([], now)).toMatchObject({
      overdueText: 'لا زيارات متأخرة',
      unassignedText: 'كل الزيارات مسندة',
    });
    const many = Array.from({ length: 11 }, (_, i) => visit(`v${i}`, '08:00'));
    expect(boardCounters(many, now).overdueText).toBe('11 زيارة متأخرة');
  });
});
