// Reads an uploaded spreadsheet on a worker thread, so a large file never blocks the server's
// event loop. Plain JavaScript (like the PGlite worker): it runs the same under tsx, vitest and
// the built server, copied beside dist/server.mjs by build.mjs.
//
// In:  workerData { bytes: Uint8Array, kind: 'xlsx' | 'csv', maxRows, maxUnpackedBytes, maxEntries }
// Out: { ok: true, headers: string[], rows: { line, cells }[] }
//   or { ok: false, reason: 'too-many-rows' | 'too-large-unpacked' | 'bad-file' | 'no-sheet' | 'empty' }
//
// XLSX is a zip. The zip is read from its central directory (yauzl), never by scanning local
// headers, so what is inflated is only what the directory declares; declared sizes are checked
// before anything is inflated, and inflated bytes are counted while reading (yauzl also refuses an
// entry that inflates past its declared size). The sheet is parsed as a stream (exceljs's own
// sheet and shared-strings readers) and reading stops at the row limit.
import { pipeline, Transform } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

class Refused extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

const { bytes, kind, maxRows, maxUnpackedBytes, maxEntries } = workerData;

/** Collects header + data rows, skipping empty ones; refuses past maxRows data rows. */
function tableCollector() {
  const rows = [];
  return {
    /** Returns false once enough rows are held (the caller stops reading). */
    add(line, cells) {
      if (!cells.some((c) => c.trim() !== '')) return true;
      if (rows.length > maxRows) throw new Refused('too-many-rows');
      rows.push({ line, cells });
      return true;
    },
    result() {
      if (rows.length === 0) throw new Refused('empty');
      const [head, ...data] = rows;
      return { headers: head.cells.map((h) => h.trim()), rows: data };
    },
  };
}

/** `="0551234567"`, how our CSV exports keep a phone number's zero in Excel: the text inside. */
const asText = (field) => (/^="[^"]*"$/.test(field) ? field.slice(2, -1) : field);

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF/LF), BOM stripped; stops at the row limit. */
function readCsv() {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const table = tableCollector();
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let row = [];
  let field = '';
  let quoted = false;
  let line = 1;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(asText(field));
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(asText(field));
      table.add(line++, row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(asText(field));
    table.add(line, row);
  }
  return table.result();
}

function cellText(cell) {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return cell.text ?? '';
  return String(v);
}

async function readXlsx() {
  let zip;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw new Refused('bad-file');
  }
  try {
    return await readWorkbook(zip);
  } finally {
    zip.close();
  }
}

/** The central directory: every entry's name and declared size, refused when too many or too big. */
function listEntries(zip) {
  return new Promise((resolve, reject) => {
    const entries = new Map();
    let declared = 0;
    zip.on('entry', (entry) => {
      if (entries.size >= maxEntries) return reject(new Refused('bad-file'));
      declared += entry.uncompressedSize;
      if (declared > maxUnpackedBytes) return reject(new Refused('too-large-unpacked'));
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new Refused('bad-file')));
    zip.readEntry();
  });
}

async function readWorkbook(zip) {
  const entries = await listEntries(zip);
  let inflated = 0;
  /** An entry's inflated bytes as a stream, counted against the limit for the whole file. */
  const open = async (name) => {
    const entry = entries.get(name);
    if (!entry) return undefined;
    const raw = await zip.openReadStreamPromise(entry);
    const counted = new Transform({
      transform(chunk, _enc, done) {
        inflated += chunk.length;
        if (inflated > maxUnpackedBytes) return done(new Refused('too-large-unpacked'));
        done(null, chunk);
      },
    });
    pipeline(raw, counted, () => {});
    return counted;
  };

  // exceljs's streaming reader, fed entry by entry in the order a reader needs them (its own
  // parse() follows the zip's order and spools a sheet to disk when the shared strings come later).
  const book = new ExcelJS.stream.xlsx.WorkbookReader(undefined, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rels = await open('xl/_rels/workbook.xml.rels');
  const workbook = await open('xl/workbook.xml');
  if (!rels || !workbook) throw new Refused('bad-file');
  await book._parseRels(rels);
  await book._parseWorkbook(workbook);
  const styles = await open('xl/styles.xml');
  if (styles) await book._parseStyles(styles);
  const strings = await open('xl/sharedStrings.xml');
  if (strings) for await (const _ of book._parseSharedStrings(strings));

  const first = book.model?.sheets?.[0];
  const rel = first && book.workbookRels?.find((r) => r.Id === first.rId);
  if (!rel) throw new Refused('no-sheet');
  const target = rel.Target.startsWith('/') ? rel.Target.slice(1) : `xl/${rel.Target}`;
  const sheetNo = /sheet(\d+)\.xml$/.exec(target)?.[1] ?? '1';
  const sheetStream = await open(target);
  if (!sheetStream) throw new Refused('no-sheet');

  const table = tableCollector();
  const [{ value: sheet }] = [...book._parseWorksheet(sheetStream, sheetNo)];
  try {
    for await (const row of sheet) {
      const cells = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell).trim();
      });
      table.add(
        row.number,
        Array.from(cells, (c) => c ?? ''),
      );
    }
  } finally {
    sheetStream.destroy();
  }
  return table.result();
}

try {
  const table = kind === 'csv' ? readCsv() : await readXlsx();
  parentPort.postMessage({ ok: true, ...table });
} catch (err) {
  if (err instanceof Refused) parentPort.postMessage({ ok: false, reason: err.reason });
  else if (err?.cause instanceof Refused) parentPort.postMessage({ ok: false, reason: err.cause.reason });
  else
    parentPort.postMessage({
      ok: false,
      reason: /too many bytes/i.test(String(err?.message)) ? 'too-large-unpacked' : 'bad-file',
    });
}
