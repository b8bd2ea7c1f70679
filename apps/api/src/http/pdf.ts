import fs from 'node:fs';
import { arabicPlural, formatHijriDate, formatPrintedDateTime, PDF_ROW_LIMIT, RECORDS } from '@idara/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Browser } from 'playwright-core';
import { AppError } from './errors';
import type { ExportColumn, ExportFileType } from './export';
import { contentDisposition, sendExport } from './export';
import { displayText, outputColumns } from './export-cells';
import { PDF_FONT, pdfFontCss } from './pdf-fonts';
import { requesterOf, WorkQueue } from './work-queue';

export { requesterOf };

const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// One browser for the whole process, opened on first use (PDF is the only thing that needs it).
let browser: Promise<Browser> | undefined;
let launches = 0;
function getBrowser() {
  if (!fs.existsSync(chromiumPath())) {
    throw new AppError(503, 'تصدير PDF غير متاح على هذا الخادم (المتصفح غير مثبت)، استخدم Excel أو CSV');
  }
  // playwright-core costs ~90 MB of memory to load, so it is imported only when a PDF is asked for.
  browser ??= import('playwright-core')
    .then(({ chromium }) => {
      launches++;
      return chromium.launch({
        executablePath: chromiumPath(),
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
    })
    .catch((err) => {
      browser = undefined;
      throw err;
    });
  return browser;
}

export async function closePdfBrowser() {
  const b = browser;
  browser = undefined;
  if (b) await (await b).close().catch(() => undefined);
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Rows one PDF may hold. Chromium's memory grows with the printed table (measured: about 400 MB
 * for a page plus about 1 MB a row of the customer list, docs/PERFORMANCE.md); longer lists
 * belong in Excel or CSV, which stream. The web's export dialog says so before asking.
 */
export const PDF_MAX_ROWS = PDF_ROW_LIMIT;

export const pdfTooLong = (rows?: number) =>
  new AppError(
    400,
    `${rows === undefined ? 'القائمة أطول مما' : `عدد سجلات القائمة ${rows}، وهذا أكثر مما`} يتسع له ملف PDF (${arabicPlural(PDF_MAX_ROWS, RECORDS)} على الأكثر)؛ ضيّق البحث أو المرشحات، أو صدّر القائمة بصيغة Excel أو CSV`,
    { maxRows: PDF_MAX_ROWS },
  );

/**
 * Every PDF (list exports and invoices) is printed through this queue: one Chromium page at a time
 * in the one browser, a few waiting, two per requester. Ten users exporting at once wait their
 * turn instead of each holding a page of a gigabyte or more.
 */
export const pdfQueue = new WorkQueue({ concurrency: 1, maxWaiting: 10, perRequester: 2, what: 'ملفات PDF' });

let openPages = 0;
let peakPages = 0;

/** For tests: pages open now, the most open at once and Chromium's starts since `resetPdfStats`. */
export function pdfStats() {
  return { openPages, peakPages, browserLaunches: launches, queue: pdfQueue.stats() };
}

export function resetPdfStats() {
  peakPages = openPages;
  launches = 0;
  pdfQueue.resetPeak();
}

/**
 * A list as an A4 landscape PDF, right to left, shaped by Chromium. Long lists belong in Excel:
 * more than PDF_MAX_ROWS rows is refused before anything is rendered. The rows are read and
 * printed inside the PDF queue's turn.
 */
export async function sendPdfExport(
  reply: FastifyReply,
  req: PrintedList & { requester: string; signal?: AbortSignal },
): Promise<number> {
  return pdfQueue.run(req.requester, () => printList(reply, req), req.signal);
}

/** Aborts when the client goes away before the answer is complete (a PDF waiting its turn is dropped). */
function leftSignal(reply: FastifyReply): AbortSignal {
  const left = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) left.abort();
  });
  return left.signal;
}

/**
 * An export as the file asked for: XLSX and CSV stream at once, a PDF waits its turn in the queue
 * as the requester's (dropped if they leave meanwhile). Answers how many rows were written.
 */
export function sendExportFile(
  req: FastifyRequest,
  reply: FastifyReply,
  fileType: ExportFileType | 'pdf',
  source: PrintedList,
): Promise<number> {
  return fileType === 'pdf'
    ? sendPdfExport(reply, { ...source, requester: requesterOf(req), signal: leftSignal(reply) })
    : sendExport(reply, { ...source, fileType });
}

/** A list to print: its file name, title, columns and rows. */
interface PrintedList {
  fileName: string;
  title: string;
  columns: ExportColumn[];
  rows: AsyncIterable<Record<string, unknown>>;
}

async function printList(reply: FastifyReply, req: PrintedList): Promise<number> {
  const cols = outputColumns(req.columns);
  const body: string[] = [];
  for await (const row of req.rows) {
    if (body.length >= PDF_MAX_ROWS) throw pdfTooLong();
    const cells = cols.map((c) => {
      const v = c.raw(row);
      const text = displayText(c, v, true);
      // Numbers, phones and dates never break mid-value; only words wrap.
      const unbreakable = c.type !== 'text' || /^[\d+\s/:-]+$/.test(text);
      return `<td${unbreakable ? ' class="n"' : ''}>${escapeHtml(text)}</td>`;
    });
    body.push(`<tr>${cells.join('')}</tr>`);
  }
  const now = new Date();
  const html = `<!doctype html><html dir="rtl" lang="ar"><head><meta charset="utf-8"><style>${await pdfFontCss()}
    @page{size:A4 landscape;margin:12mm 10mm}
    body{font-family:${PDF_FONT},sans-serif;font-size:8pt;color:#111;margin:0}
    h1{font-size:14pt;margin:0 0 4pt} .meta{color:#555;margin-bottom:8pt}
    table{width:100%;border-collapse:collapse} th,td{border:0.5pt solid #bbb;padding:2pt 3pt;text-align:start;vertical-align:top}
    td{overflow-wrap:break-word;unicode-bidi:plaintext;text-align:right} td.n{white-space:nowrap;overflow-wrap:normal}
    th{background:#e8eef5;font-weight:700} tr:nth-child(even) td{background:#f7f9fb}
    thead{display:table-header-group} tr{page-break-inside:avoid}
    </style></head><body><h1>${escapeHtml(req.title)}</h1>
    <div class="meta">${escapeHtml(`${formatHijriDate(now)} — ${formatPrintedDateTime(now)} — عدد السجلات: ${body.length}`)}</div>
    <table><thead><tr>${cols.map((c) => `<th>${escapeHtml(c.header)}</th>`).join('')}</tr></thead>
    <tbody>${body.join('')}</tbody></table></body></html>`;

  const pdf = await renderPdf(html, { pageNumbers: true });
  reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(req.fileName, 'pdf'))
    .header('cache-control', 'no-store');
  reply.send(pdf);
  return body.length;
}

/** The app's Arabic font as @font-face rules with the files embedded, for HTML printed to PDF. */

/**
 * A complete HTML document printed by the shared Chromium (page size from its CSS @page), in its
 * turn of the PDF queue.
 */
export function htmlToPdf(
  html: string,
  opts: { pageNumbers?: boolean; requester: string; signal?: AbortSignal },
): Promise<Buffer> {
  return pdfQueue.run(opts.requester, () => renderPdf(html, opts), opts.signal);
}

/**
 * Each document is printed in a context of its own with JavaScript off and every request refused:
 * what it draws comes from the HTML itself (fonts and the QR code are inline `data:` URLs, which are
 * not requests), so text in a document can neither run nor reach the network or the machine.
 */
async function renderPdf(html: string, opts: { pageNumbers?: boolean }): Promise<Buffer> {
  const context = await (await getBrowser()).newContext({ javaScriptEnabled: false });
  await context.route('**/*', (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  openPages++;
  peakPages = Math.max(peakPages, openPages);
  try {
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate('document.fonts.ready');
    return await page.pdf({
      preferCSSPageSize: true,
      printBackground: true,
      displayHeaderFooter: Boolean(opts.pageNumbers),
      headerTemplate: '<span></span>',
      footerTemplate: opts.pageNumbers
        ? '<div style="font-size:8pt;width:100%;text-align:center;color:#777"><span class="pageNumber"></span> / <span class="totalPages"></span></div>'
        : '<span></span>',
    });
  } finally {
    await context.close();
    openPages--;
  }
}
