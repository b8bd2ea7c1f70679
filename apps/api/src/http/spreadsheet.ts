import { Worker } from 'node:worker_threads';
import { arabicPlural, ROWS } from '@idara/domain';
import { AppError, badRequest } from './errors';
import { WorkQueue } from './work-queue';

export interface Table {
  headers: string[];
  /** Data rows as text, with their 1-based row number in the file. */
  rows: { line: number; cells: string[] }[];
}

/**
 * What an XLSX may inflate to (all its entries together, as declared and as actually inflated). A
 * spreadsheet within the import row limit is a few megabytes of XML; a zip bomb is refused here.
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 1000;
/** A worker still reading after this long is stopped (a pathological file, not a spreadsheet). */
const READ_TIMEOUT_MS = 60_000;

/** Spreadsheets are read by at most two workers at once; others wait a turn (see WorkQueue). */
export const spreadsheetQueue = new WorkQueue({
  concurrency: 2,
  maxWaiting: 10,
  perRequester: 2,
  what: 'ملفات للاستيراد',
});

type WorkerAnswer =
  | ({ ok: true } & Table)
  | { ok: false; reason: 'too-many-rows' | 'too-large-unpacked' | 'bad-file' | 'no-sheet' | 'empty' };

function refusal(reason: Exclude<WorkerAnswer, { ok: true }>['reason'], maxRows: number): AppError {
  switch (reason) {
    case 'too-many-rows':
      return badRequest(
        `الملف يحتوي على أكثر من ${arabicPlural(maxRows, ROWS)}، والحد الأقصى ${arabicPlural(maxRows, ROWS)} في المرة الواحدة؛ قسّمه إلى ملفات أصغر`,
      );
    case 'too-large-unpacked':
      return new AppError(
        413,
        `محتوى الملف بعد فك ضغطه أكبر من ${MAX_UNPACKED_BYTES / 1024 / 1024} ميغابايت، وهذا أكبر من أي جدول يمكن استيراده`,
      );
    case 'no-sheet':
      return badRequest('الملف لا يحتوي على أي ورقة');
    case 'empty':
      return badRequest('الملف فارغ');
    default:
      return badRequest('تعذرت قراءة ملف Excel، تأكد أنه بصيغة xlsx');
  }
}

/** Runs the worker on one file; the bytes are moved to it, not copied. */
function readInWorker(bytes: Uint8Array, kind: 'xlsx' | 'csv', maxRows: number): Promise<Table> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./spreadsheet-worker.mjs', import.meta.url), {
      workerData: { bytes, kind, maxRows, maxUnpackedBytes: MAX_UNPACKED_BYTES, maxEntries: MAX_ZIP_ENTRIES },
      transferList: [bytes.buffer as ArrayBuffer],
      // Shared strings and the rows read are all it holds; a file that needs more is refused.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(badRequest('استغرقت قراءة الملف وقتاً أطول من المسموح، تأكد أنه جدول بيانات صحيح')),
        ),
      READ_TIMEOUT_MS,
    );
    worker.once('message', (answer: WorkerAnswer) =>
      settle(() =>
        answer.ok
          ? resolve({ headers: answer.headers, rows: answer.rows })
          : reject(refusal(answer.reason, maxRows)),
      ),
    );
    // Out of memory in the worker (its heap is capped) or a crash: the file, not the server.
    worker.once('error', () => settle(() => reject(refusal('too-large-unpacked', maxRows))));
    worker.once('exit', () => settle(() => reject(refusal('bad-file', maxRows))));
  });
}

/**
 * Reads the first sheet of an XLSX file or a CSV file into headers and text rows, on a worker
 * thread in its turn of the spreadsheet queue. More than `maxRows` data rows is refused as soon as
 * the row after the limit is read.
 */
export async function readTable(
  buffer: Buffer,
  fileName: string,
  maxRows: number,
  requester: string,
): Promise<Table> {
  const lower = fileName.toLowerCase();
  const kind = lower.endsWith('.csv') ? 'csv' : lower.endsWith('.xlsx') ? 'xlsx' : undefined;
  if (!kind) throw badRequest('نوع الملف غير مدعوم، استخدم ملف Excel (xlsx) أو CSV');
  // A copy of its own: transferring the upload's buffer could take a shared pool with it.
  const bytes = new Uint8Array(buffer);
  return spreadsheetQueue.run(requester, () => readInWorker(bytes, kind, maxRows));
}
