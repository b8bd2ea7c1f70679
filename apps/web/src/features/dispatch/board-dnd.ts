import {
  type ClientRect,
  type CollisionDetection,
  KeyboardCode,
  type KeyboardCodes,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef } from 'react';

/**
 * How the board's cards are dragged (dnd-kit): with a mouse or a finger (a finger holds the card a
 * moment first, so a swipe still scrolls), or with the keyboard — Space picks the focused card up,
 * the arrows move it, Space or Enter drops it, Escape puts it back. Enter alone opens the card's
 * dialog, so it does not start a drag.
 */
const KEYS: KeyboardCodes = {
  start: [KeyboardCode.Space],
  cancel: [KeyboardCode.Esc],
  end: [KeyboardCode.Space, KeyboardCode.Enter],
};

type Point = { x: number; y: number };
const centre = (r: ClientRect): Point => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const holds = (r: ClientRect, p: Point) => p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom;

/** The drop place under the pointer; with the keyboard, the one under the dragged card's centre. */
export const boardCollision: CollisionDetection = (args) => {
  if (args.pointerCoordinates) return pointerWithin(args);
  const at = centre(args.collisionRect);
  return args.droppableContainers
    .filter((place) => {
      const rect = args.droppableRects.get(place.id);
      return rect !== undefined && holds(rect, at);
    })
    .map((place) => ({ id: place.id, data: { droppableContainer: place, value: 0 } }));
};

/**
 * Where an arrow key takes a card whose centre is `from`, as a shift in pixels: up and down to the
 * nearest drop place above or below (the next lane); left and right one slot along a day's track
 * (`slots` per track), or, in the week, to the nearest drop place that way (the next day).
 */
export function arrowShift(
  code: string,
  from: Point,
  places: ClientRect[],
  slots: number | null,
): Point | null {
  const vertical = code === KeyboardCode.Up || code === KeyboardCode.Down;
  const horizontal = code === KeyboardCode.Left || code === KeyboardCode.Right;
  if (!vertical && !horizontal) return null;
  const forward = code === KeyboardCode.Down || code === KeyboardCode.Right ? 1 : -1;
  if (horizontal && slots) {
    const track = places.find((r) => holds(r, from)) ?? places[0];
    return track ? { x: (forward * track.width) / slots, y: 0 } : null;
  }
  const ahead = places
    .filter((r) =>
      vertical
        ? r.left <= from.x && from.x <= r.right && forward * (centre(r).y - from.y) > 0 && !holds(r, from)
        : r.top <= from.y && from.y <= r.bottom && forward * (centre(r).x - from.x) > 0 && !holds(r, from),
    )
    .sort((a, b) =>
      vertical
        ? Math.abs(centre(a).y - from.y) - Math.abs(centre(b).y - from.y)
        : Math.abs(centre(a).x - from.x) - Math.abs(centre(b).x - from.x),
    );
  const next = ahead[0];
  if (!next) return null;
  return vertical ? { x: 0, y: centre(next).y - from.y } : { x: centre(next).x - from.x, y: 0 };
}

/** The keyboard's moves over the board's drop places (`arrowShift`). */
function boardKeyboardCoordinates(slots: () => number | null): KeyboardCoordinateGetter {
  return (event, { currentCoordinates, context }) => {
    if (!context.collisionRect) return undefined;
    const places = [...context.droppableRects.values()];
    const shift = arrowShift(event.code, centre(context.collisionRect), places, slots());
    if (!shift) return undefined;
    event.preventDefault();
    return { x: currentCoordinates.x + shift.x, y: currentCoordinates.y + shift.y };
  };
}

/**
 * The board's sensors: the pointer (a mouse moves 6 px before a drag starts, so a click opens the
 * card; a finger holds 300 ms) and the keyboard. `slots` is the number of 15-minute slots on a
 * day's track, or null in the week.
 */
export function useBoardSensors(slots: number | null) {
  const coarse = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  const slotsRef = useRef(slots);
  slotsRef.current = slots;
  const getter = useRef(boardKeyboardCoordinates(() => slotsRef.current)).current;
  return useSensors(
    useSensor(PointerSensor, {
      activationConstraint: coarse ? { delay: 300, tolerance: 8 } : { distance: 6 },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: getter, keyboardCodes: KEYS }),
  );
}

export const DRAG_INSTRUCTIONS =
  'لنقل الزيارة اضغط مسافة لالتقاطها، ثم السهمين لأعلى ولأسفل بين الفنيين، ولليمين واليسار في الوقت أو الأيام، ثم مسافة لإفلاتها أو Escape للإلغاء. ويفتح Enter نافذة نقل الزيارة وإسنادها.';
