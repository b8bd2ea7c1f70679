import { PassThrough, type Writable } from 'node:stream';
import { riyadhParts } from '@idara/domain';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';
import { csvField, csvText, type OutputColumn, outputColumns, xlsxCell } from './export-cells';

export { neutralizeFormula } from './export-cells';

import { loadExcel } from './excel';

export type ExportFileType = 'xlsx' | 'csv';

export interface ExportColumn<Key extends string = string> {
  /** Field of the row. */
  key: Key;
  /** Arabic column header. */
  header: string;
  /** Default 'text'. A date/datetime column is followed by a '<header> (هجري)' column. */
  type?: 'text' | 'number' | 'money' | 'date' | 'datetime' | 'boolean' | 'phone';
  /** Xlsx column width in characters; defaults by type. */
  width?: number;
  /** Computed cell instead of row[key]. */
  value?: (row: Record<string, unknown>) => unknown;
  /** Summed into a last «الإجمالي» row (money or number columns). */
  total?: boolean;
}

/** A column showing a code by its Arabic label (the code itself when it has none). */
export function labelColumn<Key extends string>(
  key: Key,
  header: string,
  labels: Record<string, string>,
): ExportColumn<Key> {
  return { key, header, value: (row) => labels[row[key] as string] ?? row[key] };
}

export interface ExportRequest {
  fileType: ExportFileType;
  /** Arabic base file name without extension, e.g. 'العملاء' → 'العملاء-2026-11-21.xlsx' */
  fileName: string;
  /** Sheet title (xlsx) */
  title: string;
  columns: ExportColumn[];
  /** Rows, produced lazily in pages so 100,000 rows never sit in memory at once. */
  rows: AsyncIterable<Record<string, unknown>>;
}

const FILE_TYPES: readonly ExportFileType[] = ['xlsx', 'csv'];

/**
 * Parses and validates `fileType` from the query (default 'xlsx'); throws AppError 400 with an
 * Arabic message for anything else (e.g. 'pdf' when not offered). `allowed` defaults to ['xlsx','csv'].
 */
export function parseFileType<T extends string = ExportFileType>(
  query: Record<string, unknown>,
  allowed: readonly T[] = FILE_TYPES as readonly string[] as readonly T[],
): T {
  const raw = Array.isArray(query.fileType) ? query.fileType.at(-1) : query.fileType;
  const value = raw === undefined || raw === null || raw === '' ? 'xlsx' : String(raw).trim().toLowerCase();
  if (!allowed.includes(value as T)) {
    const message = `نوع الملف غير مدعوم، الأنواع المتاحة: ${allowed.map((t) => t.toUpperCase()).join('، ')}`;
    throw badRequest(message, { fileType: message });
  }
  return value as T;
}

const CONTENT_TYPES: Record<ExportFileType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** `attachment; filename="export-2026-11-21.csv"; filename*=UTF-8''%D8%A7…-2026-11-21.csv` */
export function contentDisposition(baseName: string, ext: string): string {
  const p = riyadhParts(new Date());
  const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const base = baseName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '').trim() || 'export';
  const ascii =
    base
      .replace(/[^A-Za-z0-9 ._-]/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'export';
  const encoded = encodeURIComponent(`${base}-${date}.${ext}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}-${date}.${ext}"; filename*=UTF-8''${encoded}`;
}

/** Resolves on the stream's event or when it closes, whichever comes first. */
function eventOrClose(stream: Writable, event: 'drain' | 'finish'): Promise<void> {
  if (stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off(event, done);
      stream.off('close', done);
      resolve();
    };
    stream.on(event, done);
    stream.on('close', done);
  });
}

interface Sink {
  write(row: Record<string, unknown>): Promise<void> | undefined;
  end(): Promise<void>;
}

const BATCH = 500;

function csvSink(out: PassThrough, columns: OutputColumn[]): Sink {
  let chunk = `\uFEFF${columns.map((c) => csvField(c.header)).join(',')}\r\n`;
  let rows = 0;
  return {
    write(row) {
      chunk += `${columns.map((c) => csvField(csvText(c, c.raw(row)))).join(',')}\r\n`;
      if (++rows % BATCH) return;
      const full = !out.write(chunk);
      chunk = '';
      return full ? eventOrClose(out, 'drain') : undefined;
    },
    async end() {
      out.end(chunk);
      await eventOrClose(out, 'finish');
    },
  };
}

/** Excel sheet names: at most 31 characters, none of * ? : \ / [ ], no apostrophe at either end. */
const sheetName = (title: string) =>
  title
    .replace(/[*?:\\/[\]]/g, ' ')
    .replace(/^[\s']+|[\s']+$/g, '')
    .slice(0, 31) || 'البيانات';

async function xlsxSink(out: PassThrough, title: string, columns: OutputColumn[]): Promise<Sink> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'Idara';
  const sheet = workbook.addWorksheet(sheetName(title), {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: 1, activeCell: 'A2' }],
  });
  const numFmt: Partial<Record<OutputColumn['type'], string>> = {
    money: '#,##0.00',
    date: 'yyyy/mm/dd',
    datetime: 'yyyy/mm/dd hh:mm',
  };
  // One style object per column, shared by its cells: exceljs then finds the style id by identity
  // instead of serialising each cell's style (about twice as fast).
  const styles = columns.map((c) => (numFmt[c.type] ? { numFmt: numFmt[c.type] } : {}));
  sheet.columns = columns.map((c, i) => ({ width: c.width, style: styles[i] }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.height = 22;
  header.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: 'FF1F2937' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDE6F0' } };
    const side = { style: 'thin' as const, color: { argb: 'FF9CA3AF' } };
    cell.border = { top: side, bottom: side, left: side, right: side };
    cell.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
  });
  header.commit();
  let rows = 0;
  return {
    write(row) {
      const line = sheet.addRow(columns.map((c) => xlsxCell(c, c.raw(row))));
      for (let i = 0; i < styles.length; i++) line.getCell(i + 1).style = styles[i];
      line.commit();
      if (++rows % BATCH) return;
      // Let the zip compress what was written, and wait while the client is slower than we are.
      if (out.writableNeedDrain) return eventOrClose(out, 'drain');
      return new Promise((resolve) => setImmediate(resolve));
    },
    async end() {
      sheet.commit();
      const committed = workbook.commit();
      committed.catch(() => {}); // after a disconnect the zip may fail; the close below settles it
      await Promise.race([committed, eventOrClose(out, 'finish')]);
    },
  };
}

/**
 * Streams the file as the reply: sets Content-Type, Content-Disposition with an ASCII fallback
 * filename AND RFC 5987 filename*=UTF-8''<percent-encoded Arabic name>, Cache-Control no-store;
 * writes through a stream so memory stays flat; returns the number of data rows written (for the
 * activity log).
 *
 * The first row is read before anything is sent, so an error in the first page is an ordinary
 * JSON error. Once the reply is sent, an error destroys the download, is logged, and rejects (so
 * the caller logs no activity). A client that disconnects stops the reading of rows; the count
 * written so far is returned. Resolves once the response has finished.
 */
export async function sendExport(reply: FastifyReply, req: ExportRequest): Promise<number> {
  const columns = outputColumns(req.columns);
  const rows = req.rows[Symbol.asyncIterator]();
  let next = await rows.next();

  const out = new PassThrough();
  reply
    .header('content-type', CONTENT_TYPES[req.fileType])
    .header('content-disposition', contentDisposition(req.fileName, req.fileType))
    .header('cache-control', 'no-store')
    .send(out);

  // Whatever sits between `out` and the socket, a client that leaves stops the export.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) out.destroy();
  });

  let count = 0;
  try {
    const sink = req.fileType === 'csv' ? csvSink(out, columns) : await xlsxSink(out, req.title, columns);
    while (!next.done && !out.destroyed) {
      await sink.write(next.value);
      count++;
      if (out.destroyed) break;
      next = await rows.next();
    }
    if (!next.done) {
      await rows.return?.();
    } else if (!out.destroyed) {
      await sink.end();
    }
    await eventOrClose(reply.raw, 'finish');
    if (!reply.raw.writableFinished)
      reply.log.info({ rows: count }, 'export stopped: the client disconnected');
    return count;
  } catch (err) {
    // The status line is committed: cut the download so the client cannot take it for a whole file.
    // Marking the reply hijacked keeps Fastify from answering again when the handler rejects.
    reply.log.error({ err, rows: count }, 'export failed after streaming began');
    reply.hijack();
    out.destroy(err as Error);
    reply.raw.destroy();
    await rows.return?.().catch(() => {});
    throw err;
  }
}
