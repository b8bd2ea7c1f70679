import {
  arabicPlural,
  DOCUMENTS,
  einvoiceKindLabels,
  fromHalalas,
  type VatFigure,
  vatFigures,
  vatReturnLabels,
} from '@idara/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ExportColumn } from '../../http/export';
import { PDF_MAX_ROWS, pdfTooLong, sendExportFile } from '../../http/pdf';
import type { RoutesPlugin } from '../../http/response-contract';
import { periodExportRoute } from './period-export';
import { vatDocumentsSql } from './vat-documents';
import { vatReturnFor } from './vat-routes';

const columns: ExportColumn[] = [
  { key: 'figure', header: 'البند', width: 40 },
  { key: 'number', header: 'رقم المستند', width: 18 },
  { key: 'kind', header: 'النوع', width: 14 },
  { key: 'issuedAt', header: 'تاريخ الإصدار', type: 'date' },
  { key: 'customerName', header: 'العميل', width: 28 },
  { key: 'net', header: 'الصافي', type: 'money' },
  { key: 'vat', header: 'ضريبة القيمة المضافة', type: 'money' },
];

const FIGURE_ORDER = vatFigures;
/** One row per figure, and the VAT due. */
const FIGURE_ROWS = FIGURE_ORDER.length + 1;
const PAGE = 1000;

/** The return's figures, then every document of the period under its figure. */
async function* vatExportRows(
  db: DbOrTx,
  from: string,
  to: string,
  figures: Awaited<ReturnType<typeof vatReturnFor>>['figures'],
) {
  for (const key of FIGURE_ORDER) {
    const f = figures[key] as { net: number; vat?: number };
    yield {
      figure: vatReturnLabels[key],
      net: fromHalalas(f.net),
      vat: f.vat === undefined ? null : fromHalalas(f.vat),
    };
  }
  yield { figure: vatReturnLabels.totalVat, vat: fromHalalas(figures.totalVat) };
  for (const figure of FIGURE_ORDER) yield* figureDocuments(db, from, to, figure);
}

/** Every document with a part in one figure, under that figure, a page at a time. */
async function* figureDocuments(db: DbOrTx, from: string, to: string, figure: VatFigure) {
  for (let offset = 0; ; offset += PAGE) {
    const { rows } = await db.execute(sql`
      select * from (${vatDocumentsSql(from, to, figure)}) d
      order by issued_at, seq
      limit ${PAGE} offset ${offset}`);
    for (const r of rows as Record<string, unknown>[])
      yield {
        figure: vatReturnLabels[figure],
        number: r.number,
        kind: einvoiceKindLabels[r.kind as keyof typeof einvoiceKindLabels],
        issuedAt: new Date(r.issued_at as string | Date),
        customerName: r.buyer_name,
        net: fromHalalas(Number(r.net)),
        vat: fromHalalas(Number(r.vat)),
      };
    if (rows.length < PAGE) return;
  }
}

/** `GET /api/report/vat/export?fileType=xlsx|csv|pdf&from&to` (docs/API.md "VAT return"). */
export const vatExportRoutes: RoutesPlugin = async (app) => {
  periodExportRoute(app, '/vat/export', 'report:vat', async ({ req, reply, from, to, fileType }) => {
    const { figures, documents } = await vatReturnFor(app.db, from, to);
    // The figures' rows come before the documents; a return too long to print is refused unqueued.
    if (fileType === 'pdf' && documents + FIGURE_ROWS > PDF_MAX_ROWS)
      throw pdfTooLong(documents + FIGURE_ROWS);
    const name = `إقرار ضريبة القيمة المضافة ${from} إلى ${to}`;
    const source = { fileName: name, title: name, columns, rows: vatExportRows(app.db, from, to, figures) };
    const written = await sendExportFile(req, reply, fileType, source);
    return `تصدير إقرار ضريبة القيمة المضافة من ${from} إلى ${to}: ${arabicPlural(Math.max(0, written - FIGURE_ROWS), DOCUMENTS)}`;
  });
};
