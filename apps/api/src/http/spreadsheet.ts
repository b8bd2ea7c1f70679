import type { Cell } from 'exceljs';
import { badRequest } from './errors';
import { loadExcel } from './excel';

export interface Table {
  headers: string[];
  /** Data rows as text, with their 1-based row number in the file. */
  rows: { line: number; cells: string[] }[];
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF/LF), BOM stripped. */
export function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      out.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    out.push(row);
  }
  return out;
}

function cellText(cell: Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return cell.text ?? '';
  return String(v);
}

/** Reads the first sheet of an XLSX file or a CSV file into headers and text rows. */
export async function readTable(buffer: Buffer, fileName: string, maxRows: number): Promise<Table> {
  const lower = fileName.toLowerCase();
  let grid: { line: number; cells: string[] }[];
  if (lower.endsWith('.csv')) {
    grid = parseCsv(buffer.toString('utf8')).map((cells, i) => ({ line: i + 1, cells }));
  } else if (lower.endsWith('.xlsx')) {
    const ExcelJS = await loadExcel();
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(buffer as unknown as ArrayBuffer);
    } catch {
      throw badRequest('تعذرت قراءة ملف Excel، تأكد أنه بصيغة xlsx');
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw badRequest('الملف لا يحتوي على أي ورقة');
    grid = [];
    sheet.eachRow({ includeEmpty: false }, (row, line) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell).trim();
      });
      grid.push({ line, cells: Array.from(cells, (c) => c ?? '') });
    });
  } else {
    throw badRequest('نوع الملف غير مدعوم، استخدم ملف Excel (xlsx) أو CSV');
  }
  grid = grid.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (grid.length === 0) throw badRequest('الملف فارغ');
  const [head, ...rows] = grid;
  if (rows.length > maxRows)
    throw badRequest(`الملف يحتوي على ${rows.length} صفاً، والحد الأقصى ${maxRows} صف في المرة الواحدة`);
  return { headers: head.cells.map((h) => h.trim()), rows };
}
