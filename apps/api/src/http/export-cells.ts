import { clockTime, formatHijriDate, fromHalalas, riyadhParts, toHalalas } from '@idara/domain';
import type { ExportColumn } from './export';

/** One output column: an export column, or the Hijri text column that follows a date column. */
export interface OutputColumn {
  header: string;
  type: NonNullable<ExportColumn['type']> | 'hijri';
  width: number;
  /** The raw value of the source field (the date itself for a Hijri column). */
  raw: (row: Record<string, unknown>) => unknown;
}

export const HIJRI_SUFFIX = ' (هجري)';

/** Marks the row withTotals appends: its value is the cells by column key. */
export const TOTALS_ROW = '__totals__';

/** 1 adds a row to the totals, −1 takes it away (a credit note), 0 leaves it out (a rejected payment). */
export type SignInTotals = (row: Record<string, unknown>) => 1 | -1 | 0;

/**
 * The rows, then one «الإجمالي» row summing the columns marked `total` (money exactly, in halalas),
 * each row counted with its sign. Nothing is buffered: sums grow as rows stream past.
 */
export async function* withTotals(
  rows: AsyncIterable<Record<string, unknown>>,
  columns: ExportColumn[],
  signOf: SignInTotals = () => 1,
): AsyncGenerator<Record<string, unknown>> {
  const summed = columns.filter((c) => c.total);
  if (!summed.length) return yield* rows;
  const sums = new Map(summed.map((c) => [c.key, 0]));
  for await (const row of rows) {
    const sign = signOf(row);
    for (const c of summed) {
      const v = c.value ? c.value(row) : row[c.key];
      if (sign === 0 || v === null || v === undefined || v === '') continue;
      sums.set(c.key, sums.get(c.key)! + sign * (c.type === 'money' ? toHalalas(String(v)) : Number(v)));
    }
    yield row;
  }
  const cells: Record<string, unknown> = {};
  const label = columns.find((c) => !c.total && (c.type ?? 'text') === 'text');
  if (label) cells[label.key] = 'الإجمالي';
  for (const c of summed) cells[c.key] = c.type === 'money' ? fromHalalas(sums.get(c.key)!) : sums.get(c.key);
  yield { [TOTALS_ROW]: cells };
}

const DEFAULT_WIDTH: Record<OutputColumn['type'], number> = {
  text: 24,
  number: 12,
  money: 16,
  date: 14,
  datetime: 20,
  boolean: 10,
  phone: 16,
  hijri: 22,
};

/** The columns as written: each date/datetime column is followed by its Hijri text column. */
export function outputColumns(columns: ExportColumn[]): OutputColumn[] {
  const out: OutputColumn[] = [];
  for (const c of columns) {
    const type = c.type ?? 'text';
    const own = c.value ?? ((row: Record<string, unknown>) => row[c.key]);
    // The totals row carries its own values, whatever the column computes for a record.
    const raw = (row: Record<string, unknown>) =>
      row[TOTALS_ROW] ? (row[TOTALS_ROW] as Record<string, unknown>)[c.key] : own(row);
    out.push({
      header: c.header,
      type,
      width: c.width ?? Math.max(DEFAULT_WIDTH[type], c.header.length + 4),
      raw,
    });
    if (type === 'date' || type === 'datetime') {
      const header = c.header + HIJRI_SUFFIX;
      out.push({ header, type: 'hijri', width: Math.max(DEFAULT_WIDTH.hijri, header.length + 4), raw });
    }
  }
  return out;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A leading apostrophe keeps a spreadsheet from reading text as a formula (=, +, -, @, tab, CR). */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * Any value as cell text. An XLSX text cell is never read as a formula, so it keeps the text as it
 * is (`=SUM(1,2)` comes back as written); CSV has no cell types and neutralises it (`csvText`).
 */
function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString();
  if (Array.isArray(v)) return v.map((x) => (isEmpty(x) ? '' : text(x))).join('، ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && NUMERIC.test(v.trim())) return Number(v);
  return undefined;
}

function halalasOf(v: unknown): number | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  try {
    return toHalalas(v);
  } catch {
    return undefined;
  }
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface RiyadhDate {
  /** The instant itself. */
  instant: Date;
  /** Riyadh wall-clock time carried in the UTC fields (spreadsheet dates have no zone). */
  wall: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const offsetByHour = new Map<number, number>();

/** Riyadh's offset from UTC at `ms`, asked of Intl once per hour of time (Intl is slow per cell). */
function riyadhOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p = riyadhParts(hour * HOUR_MS);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - hour * HOUR_MS;
    if (offsetByHour.size >= 50_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** A timestamp, ISO text or calendar date ('YYYY-MM-DD', a Postgres date) in Riyadh time. */
function riyadhDate(v: unknown, withTime: boolean): RiyadhDate | undefined {
  if (!(v instanceof Date) && typeof v !== 'string' && typeof v !== 'number') return undefined;
  const day = typeof v === 'string' ? DATE_ONLY.exec(v.trim()) : null;
  if (day) {
    const wall = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    // Noon UTC falls on the same calendar day in Riyadh.
    return { instant: new Date(wall + DAY_MS / 2), wall: new Date(wall) };
  }
  const instant = v instanceof Date ? v : new Date(v);
  const ms = instant.getTime();
  if (Number.isNaN(ms)) return undefined;
  const wall = Math.floor(ms / 1000) * 1000 + riyadhOffset(ms);
  return { instant, wall: new Date(withTime ? wall : Math.floor(wall / DAY_MS) * DAY_MS) };
}

// Many rows share a day; the Hijri text is cached by Riyadh calendar day.
const hijriByDay = new Map<number, string>();

function hijriText(d: RiyadhDate): string {
  const day = Math.floor(d.wall.getTime() / DAY_MS);
  let s = hijriByDay.get(day);
  if (s === undefined) {
    s = formatHijriDate(d.instant);
    if (hijriByDay.size >= 20_000) hijriByDay.clear();
    hijriByDay.set(day, s);
  }
  return s;
}

const YES = 'نعم';
const NO = 'لا';

/** A value for exceljs: number, Date (Riyadh wall time), neutralised string, or null. */
export function xlsxCell(col: OutputColumn, v: unknown): string | number | Date | null {
  if (isEmpty(v)) return null;
  switch (col.type) {
    case 'number':
      return numberOf(v) ?? text(v);
    case 'money': {
      const h = halalasOf(v);
      return h === undefined ? text(v) : h / 100;
    }
    case 'date':
    case 'datetime':
      return riyadhDate(v, col.type === 'datetime')?.wall ?? text(v);
    case 'hijri': {
      const d = riyadhDate(v, false);
      return d ? hijriText(d) : null;
    }
    case 'boolean':
      return typeof v === 'boolean' ? (v ? YES : NO) : text(v);
    default:
      return text(v);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A value as a person reads it: '1250.50', '2026/11/21 14:05', 'نعم' (CSV adds its guards). A
 * printed PDF writes a moment as documents do: '2026/11/21 الساعة 02:05 م'.
 */
export function displayText(col: OutputColumn, v: unknown, printed = false): string {
  if (col.type === 'money') {
    const h = isEmpty(v) ? undefined : halalasOf(v);
    if (h !== undefined) return fromHalalas(h);
  }
  const cell = xlsxCell(col, v);
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) {
    const date = `${cell.getUTCFullYear()}/${pad(cell.getUTCMonth() + 1)}/${pad(cell.getUTCDate())}`;
    if (col.type !== 'datetime') return date;
    return printed
      ? `${date} الساعة ${clockTime(cell.getUTCHours(), cell.getUTCMinutes())}`
      : `${date} ${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}`;
  }
  return cell;
}

const PHONE = /^\+?\d+$/;

/**
 * The CSV text of a value: as displayed, with text that a spreadsheet would take for a formula
 * neutralised. A phone number is written `="0551234567"`, which Excel shows as the text
 * 0551234567 (a bare 0551234567 loses its zero, +966… its plus); our import reads it back.
 */
export function csvText(col: OutputColumn, v: unknown): string {
  if (col.type === 'phone' && typeof v === 'string' && PHONE.test(v)) return `="${v}"`;
  const shown = displayText(col, v);
  return typeof xlsxCell(col, v) === 'string' ? neutralizeFormula(shown) : shown;
}

/** One CSV field, quoted per RFC 4180 when it holds a comma, quote, CR or LF. */
export function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
