import { riyadhDayBounds, riyadhDayOf, riyadhParts } from '@idara/domain';

/**
 * Riyadh wall-clock days and times for the date pickers, over the domain's Riyadh day rules
 * (packages/domain hijri.ts).
 */

const RIYADH_OFFSET = '+03:00';
const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → the pickers' 'YYYY-MM-DD HH:mm:ss' in Riyadh time. */
export function isoToPicker(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const p = riyadhParts(d);
  return `${riyadhDayOf(d)} ${pad(p.hour)}:${pad(p.minute)}:00`;
}

/** The pickers' 'YYYY-MM-DD HH:mm[:ss]' read as Riyadh time → ISO instant. */
export function pickerToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const [day, time = '00:00:00'] = value.trim().split(' ');
  const hms = time.length === 5 ? `${time}:00` : time;
  const d = new Date(`${day}T${hms}${RIYADH_OFFSET}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** 'YYYY-MM-DD' (a Riyadh day) → ISO instant of its start or its end. */
export function dayToIso(day: string, end: boolean): string {
  const bounds = riyadhDayBounds(day);
  return (end ? bounds.end : bounds.start).toISOString();
}

/** ISO instant → its Riyadh day 'YYYY-MM-DD'. */
export function isoToDay(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : riyadhDayOf(d);
}

/** Noon of a calendar day 'YYYY-MM-DD' in Riyadh: a safe instant for Hijri/Gregorian formatting. */
export const dayNoon = (day: string) => riyadhDayBounds(day).noon;
