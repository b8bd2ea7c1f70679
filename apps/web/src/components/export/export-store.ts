import { type ListPage, PDF_ROW_LIMIT } from '@idara/domain';
import { apiFetch, apiUntyped } from '../../lib/api';

import {
  type ExportOption,
  type ExportQuery,
  type ExportState,
  exportStore,
  useExportState,
} from './export-state';

export { type ExportOption, type ExportQuery, type ExportState, exportStore, useExportState };

const TICK_MS = 50;
const HOLD_AT = 95;
let timer: ReturnType<typeof setInterval> | null = null;
let controller: AbortController | null = null;

function stopTimer() {
  if (timer) clearInterval(timer);
  timer = null;
}

/** Null and undefined query entries are dropped (spec §3). */
export function cleanQuery(query: Record<string, unknown> = {}): ExportQuery {
  const out: ExportQuery = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
  }
  return out;
}

/** `filename*=UTF-8''…` (RFC 5987) first, then a plain `filename=`. */
export function fileNameFromDisposition(header: string | null, fallback = 'export'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1].trim() : fallback;
}

export interface OpenExportInput {
  route: string;
  query?: Record<string, unknown>;
  options?: ExportOption[];
  title?: string;
  fileName?: string;
  /** Rows the list holds (its `total`). */
  total?: number;
  /** `total` is a lower bound (a list's capped count). */
  totalIsCapped?: boolean;
  /**
   * The list's own route. A searched list counts only its first 100 matches, fewer than a PDF holds,
   * so when `total` is capped below the PDF limit the dialog asks this route to count up to it.
   */
  listRoute?: string;
}

/** Opens the dialog; with at most one option the download starts at once (spec §4). */
export function openExport({
  route,
  query,
  options = [],
  title = 'تصدير',
  fileName = '',
  total,
  totalIsCapped,
  listRoute,
}: OpenExportInput): void {
  closeExport();
  const q = cleanQuery(query);
  if (options.length === 1) q.fileType = options[0].value;
  const countingForPdf = Boolean(
    listRoute &&
      totalIsCapped &&
      total !== undefined &&
      total < PDF_ROW_LIMIT &&
      options.length > 1 &&
      options.some((o) => o.value === 'pdf'),
  );
  exportStore.set({
    show: true,
    route,
    query: q,
    ExportOptions: options,
    title,
    fileName,
    count: 0,
    total: total ?? null,
    totalIsCapped: totalIsCapped ?? false,
    countingForPdf,
  });
  if (countingForPdf && listRoute) void countUpToPdfLimit(listRoute, q);
  if (options.length <= 1) void download();
}

/**
 * A list counts at least to the end of the page asked for, so row PDF_ROW_LIMIT's page answers a
 * total that is exact up to the limit and capped only past it (the server checks the same way).
 */
async function countUpToPdfLimit(listRoute: string, query: ExportQuery): Promise<void> {
  const asked = exportStore.get();
  try {
    const { total, totalIsCapped } = await apiUntyped<ListPage<unknown>>(listRoute, {
      query: { ...query, page: PDF_ROW_LIMIT, limit: 1, fields: '_id' },
      stopAlert: true,
    });
    if (exportStore.get().query !== asked.query) return;
    exportStore.set({ total, totalIsCapped: Boolean(totalIsCapped), countingForPdf: false });
  } catch {
    // The PDF stays offered; the server still refuses a list longer than it prints, in Arabic.
    if (exportStore.get().query === asked.query) exportStore.set({ countingForPdf: false });
  }
}

/** With several options the user picks a file type: fileType set, options emptied, download starts. */
export function chooseFileType(fileType: string): void {
  exportStore.set((s) => ({ query: { ...s.query, fileType }, ExportOptions: [] }));
  void download();
}

async function download(): Promise<void> {
  const { route, query } = exportStore.get();
  if (!route) return;
  stopTimer();
  controller?.abort();
  const ctrl = new AbortController();
  controller = ctrl;
  exportStore.set({ count: 0 });
  timer = setInterval(() => {
    const { count } = exportStore.get();
    if (count < HOLD_AT) exportStore.set({ count: count + 1 });
  }, TICK_MS);
  try {
    const response = await apiFetch(route, { query, signal: ctrl.signal, headers: { Accept: '*/*' } });
    const blob = await response.blob();
    if (ctrl.signal.aborted) return;
    stopTimer();
    const link = URL.createObjectURL(blob);
    const fileName = fileNameFromDisposition(
      response.headers.get('Content-Disposition'),
      exportStore.get().fileName || 'export',
    );
    exportStore.set({ count: 100, link, fileName });
    saveFile(link, fileName);
  } catch (error) {
    if (ctrl.signal.aborted) return;
    stopTimer();
    console.error('export failed', error);
    exportStore.set({
      count: 0,
      link: '',
      ExportOptions: [],
      query: {},
      route: '',
      title: 'Error',
      show: false,
    });
  } finally {
    if (controller === ctrl) controller = null;
  }
}

export function saveFile(link: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = link;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Fetches a file with the bearer token and saves it under the name the server gives in
 * Content-Disposition (invoice PDFs, e-invoice XML).
 */
export async function downloadFile(path: string, accept: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(path, { headers: { Accept: accept } });
  const link = URL.createObjectURL(await response.blob());
  saveFile(link, fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName));
  window.setTimeout(() => URL.revokeObjectURL(link), 10_000);
}

/** Closing resets everything and releases the download link. */
export function closeExport(): void {
  stopTimer();
  controller?.abort();
  controller = null;
  const { link } = exportStore.get();
  if (link) URL.revokeObjectURL(link);
  exportStore.reset();
}

/** Hook for features: state plus actions. */
export function useExport() {
  const state = useExportState();
  return { ...state, open: openExport, choose: chooseFileType, close: closeExport };
}
