import { describe, expect, it } from 'vitest';
import { arrowShift } from './board-dnd';

const rect = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

describe('the arrow keys over the board', () => {
  // A day: three lanes' tracks, 840 px wide (14 hours, 56 slots of 15 minutes).
  const lanes = [rect(0, 100, 840, 60), rect(0, 160, 840, 120), rect(0, 280, 840, 60)];

  it('move a card along its day one slot, and to the lane above or below keeping its time', () => {
    const at = { x: 400, y: 130 };
    expect(arrowShift('ArrowLeft', at, lanes, 56)).toEqual({ x: -15, y: 0 });
    expect(arrowShift('ArrowRight', at, lanes, 56)).toEqual({ x: 15, y: 0 });
    expect(arrowShift('ArrowDown', at, lanes, 56)).toEqual({ x: 0, y: 90 });
    expect(arrowShift('ArrowDown', { x: 400, y: 220 }, lanes, 56)).toEqual({ x: 0, y: 90 });
    expect(arrowShift('ArrowUp', { x: 400, y: 220 }, lanes, 56)).toEqual({ x: 0, y: -90 });
    // Nothing above the first lane, nothing below the last; other keys are not moves.
    expect(arrowShift('ArrowUp', at, lanes, 56)).toBeNull();
    expect(arrowShift('ArrowDown', { x: 400, y: 310 }, lanes, 56)).toBeNull();
    expect(arrowShift('KeyA', at, lanes, 56)).toBeNull();
  });

  it('move a card in the week to the next day’s cell of its lane, or the same day of the next lane', () => {
    // Two lanes × three days, the first day at the right.
    const cells = [0, 1].flatMap((lane) => [2, 1, 0].map((day) => rect(day * 100, 100 + lane * 80, 100, 80)));
    const at = { x: 250, y: 140 }; // the first day, first lane
    expect(arrowShift('ArrowLeft', at, cells, null)).toEqual({ x: -100, y: 0 });
    expect(arrowShift('ArrowRight', at, cells, null)).toBeNull();
    expect(arrowShift('ArrowDown', at, cells, null)).toEqual({ x: 0, y: 80 });
  });
});
