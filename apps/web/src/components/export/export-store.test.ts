import { PDF_ROW_LIMIT } from '@idara/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { customers } from '../../../../api/src/db/schema';
import { customerSearchText } from '../../../../api/src/modules/customer/resource';
import { type LiveApi, startLiveApi, until } from '../../test/live-api';
import {
  chooseFileType,
  cleanQuery,
  closeExport,
  type ExportState,
  exportStore,
  fileNameFromDisposition,
  openExport,
} from './export-store';

let live: LiveApi;
/** The links the browser was asked to download (saveFile clicks an anchor). */
let saved: { href: string; download: string }[];

const ROUTE = '/api/customer/export';
const TICK_MS = 50;
const XLSX = { label: 'Excel', value: 'xlsx' };
const CSV = { label: 'CSV', value: 'csv' };

const settles = (done: (s: ExportState) => boolean) => until(exportStore.subscribe, exportStore.get, done);

beforeAll(async () => {
  live = await startLiveApi();
  live.useToken(await live.t.adminToken());
  await live.t.inject({
    method: 'POST',
    url: '/api/customer',
    token: await live.t.adminToken(),
    payload: { name: 'مؤسسة الأفق', phoneNumber: '0551234567' },
  });
});
afterAll(async () => {
  await live?.close();
});
beforeEach(() => {
  saved = [];
  // Only the progress ticker's interval is driven by the test; requests run on real timers.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.stubGlobal('document', {
    createElement: () => {
      const a = {
        href: '',
        download: '',
        rel: '',
        click: () => saved.push({ href: a.href, download: a.download }),
        remove() {},
      };
      return a;
    },
    body: { appendChild: () => {} },
  });
});
afterEach(() => {
  closeExport();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('exporting a list (spec §3, §4)', () => {
  it('with one file type downloads at once: progress climbs, holds at 95 until the answer, then 100 and the file is saved', async () => {
    openExport({
      route: ROUTE,
      query: { search: null, active: true },
      options: [XLSX],
      title: 'تصدير العملاء',
      total: 1,
    });
    expect(exportStore.get()).toMatchObject({
      show: true,
      route: ROUTE,
      query: { active: true, fileType: 'xlsx' },
      title: 'تصدير العملاء',
      total: 1,
      count: 0,
    });
    // The request cannot have been answered yet: nothing has run on the event loop.
    vi.advanceTimersByTime(TICK_MS * 10);
    expect(exportStore.get().count).toBe(10);
    vi.advanceTimersByTime(TICK_MS * 200);
    expect(exportStore.get().count).toBe(95);

    const done = await settles((s) => s.count === 100);
    expect(done.link).toMatch(/^blob:/);
    expect(done.fileName).toMatch(/^العملاء.*\.xlsx$/);
    expect(saved).toEqual([{ href: done.link, download: done.fileName }]);
    vi.advanceTimersByTime(TICK_MS * 10);
    expect(exportStore.get().count).toBe(100);
  });

  it('with several file types waits for the choice, then sends it and clears the choices', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    openExport({ route: ROUTE, options: [XLSX, CSV] });
    vi.advanceTimersByTime(TICK_MS * 10);
    expect(exportStore.get()).toMatchObject({ show: true, count: 0, ExportOptions: [XLSX, CSV], query: {} });
    expect(fetchSpy).not.toHaveBeenCalled();

    chooseFileType('csv');
    expect(exportStore.get()).toMatchObject({ ExportOptions: [], query: { fileType: 'csv' } });
    const done = await settles((s) => s.count === 100);
    expect(String(fetchSpy.mock.calls[0][0])).toMatch(/\/api\/customer\/export\?fileType=csv$/);
    expect(done.fileName).toMatch(/\.csv$/);
    expect(saved).toHaveLength(1);
  });

  it('closing cancels: the request is aborted, progress stops, the state resets and nothing is saved', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    openExport({ route: ROUTE, options: [XLSX] });
    vi.advanceTimersByTime(TICK_MS * 5);
    expect(exportStore.get().count).toBe(5);

    closeExport();
    expect(exportStore.get()).toMatchObject({ show: false, count: 0, route: '', query: {}, link: '' });
    await expect(fetchSpy.mock.results[0].value).rejects.toThrow(/abort/i);
    vi.advanceTimersByTime(TICK_MS * 10);
    expect(exportStore.get().count).toBe(0);
    expect(saved).toEqual([]);
  });

  it('a refused export closes the dialog in the error state, its progress stopped', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    openExport({ route: ROUTE, options: [{ label: 'Word', value: 'docx' }] });
    vi.advanceTimersByTime(TICK_MS * 3);
    const failed = await settles((s) => !s.show);
    expect(failed).toMatchObject({
      count: 0,
      link: '',
      route: '',
      query: {},
      ExportOptions: [],
      title: 'Error',
    });
    expect(logged).toHaveBeenCalledWith('export failed', expect.objectContaining({ status: 400 }));
    vi.advanceTimersByTime(TICK_MS * 10);
    expect(exportStore.get().count).toBe(0);
    expect(saved).toEqual([]);
  });
});

describe('a searched list counted up to the PDF limit', () => {
  const PDF = { label: 'PDF', value: 'pdf' };
  const insertNamed = async (marker: string, n: number, firstPhone: number) => {
    const rows = Array.from({ length: n }, (_, i) => ({
      name: `${marker} ${i}`,
      phoneNumber: `+9665${firstPhone + i}`,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await live.t.db
        .insert(customers)
        .values(rows.slice(i, i + 500).map((c) => ({ ...c, searchText: customerSearchText(c) })));
  };
  const open = (marker: string) =>
    openExport({
      route: ROUTE,
      listRoute: '/api/customer',
      query: { search: marker },
      options: [XLSX, CSV, PDF],
      total: 100,
      totalIsCapped: true,
    });

  it('offers the PDF once a list capped at 100 turns out to hold fewer rows than a PDF prints', async () => {
    await insertNamed('صفحات', 105, 40000000);
    open('صفحات');
    expect(exportStore.get().countingForPdf).toBe(true);
    const counted = await settles((s) => !s.countingForPdf);
    expect(counted).toMatchObject({ total: 105, totalIsCapped: false });
  });

  it('keeps the PDF refused for a list longer than a PDF prints', async () => {
    await insertNamed('طويلة', PDF_ROW_LIMIT + 1, 41000000);
    open('طويلة');
    const counted = await settles((s) => !s.countingForPdf);
    expect(counted).toMatchObject({ total: PDF_ROW_LIMIT, totalIsCapped: true });
  });
});

describe('request details', () => {
  it('drops null and undefined query entries and keeps numbers and booleans as they are', () => {
    expect(
      cleanQuery({ a: null, b: undefined, c: 0, d: false, e: 'x', f: new Date(0).toISOString() }),
    ).toEqual({
      c: 0,
      d: false,
      e: 'x',
      f: '1970-01-01T00:00:00.000Z',
    });
  });

  it('names the file from Content-Disposition, the RFC 5987 name first', () => {
    const arabic = encodeURIComponent('العملاء 2026.xlsx');
    expect(fileNameFromDisposition(`attachment; filename="customers.xlsx"; filename*=UTF-8''${arabic}`)).toBe(
      'العملاء 2026.xlsx',
    );
    expect(fileNameFromDisposition('attachment; filename="orders.csv"')).toBe('orders.csv');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=plain.pdf")).toBe(
      'plain.pdf',
    );
    expect(fileNameFromDisposition(null, 'تصدير')).toBe('تصدير');
  });
});
