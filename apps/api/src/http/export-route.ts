import { fileOut, type Permission } from '@idara/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { recordActivity } from '../lib/activity';
import { type ExportColumn, parseFileType } from './export';
import { type SignInTotals, withTotals } from './export-cells';
import { guarded, guardedAny } from './guarded';
import { iterateList, type ListResource, parseListQuery, runList } from './list-query';
import { PDF_MAX_ROWS, pdfTooLong, sendExportFile } from './pdf';
import { actorOf } from './request-context';

export interface ExportConfig<Key extends string = string> {
  /** Also offer PDF (rendered by Chromium; for lists short enough to print). */
  pdf?: boolean;
  /** Arabic base file name, e.g. 'العملاء'. */
  fileName: string;
  /** Columns; may load lookups (city names …) once per export. */
  columns: (db: DbOrTx) => Promise<ExportColumn<Key>[]> | ExportColumn<Key>[];
  /** How a row counts in the totals row, as in the list's totals (default 1; see receivables.ts). */
  signInTotals?: SignInTotals;
}

/**
 * `GET <prefix>/export?fileType=xlsx|csv&<list filters>`: the list's rows — same filters, search and
 * sort — streamed as a file, guarded by the list's permission, recorded in the activity log.
 */
export function registerExportRoute(
  app: FastifyInstance,
  opts: {
    entity: string;
    permission: Permission;
    /** Another permission that may export too, narrowed by `scope` (a technician's own visits). */
    orPermission?: Permission;
    resource: ListResource;
    export: ExportConfig;
    /** Narrows the request's filters to what this user may see (e.g. only their own tasks). */
    scope?: (req: FastifyRequest, query: Record<string, unknown>) => Record<string, unknown>;
  },
) {
  const schema = { tags: [opts.entity], response: { 200: fileOut('xlsx, csv or pdf') } };
  app.get(
    '/export',
    opts.orPermission
      ? guardedAny([opts.permission, opts.orPermission], schema)
      : guarded(opts.permission, schema),
    async (req, reply) => {
      const raw = req.query as Record<string, unknown>;
      const query = opts.scope ? opts.scope(req, raw) : raw;
      const fileType = parseFileType(query, opts.export.pdf ? ['xlsx', 'csv', 'pdf'] : ['xlsx', 'csv']);
      parseListQuery(opts.resource, { ...query, page: '1', limit: '1' }); // bad filters → 400 before streaming
      if (fileType === 'pdf') {
        // Counted before queueing: a list too long to print is refused without waiting a turn. A
        // list counts at least to the end of the page asked for, so asking for row PDF_MAX_ROWS
        // makes the count exact up to it and capped only past it, whatever the list's own cap.
        const { total, totalIsCapped } = await runList(app.db, opts.resource, {
          ...query,
          page: String(PDF_MAX_ROWS),
          limit: '1',
        });
        if (totalIsCapped) throw pdfTooLong();
        if (total > PDF_MAX_ROWS) throw pdfTooLong(total);
      }
      const columns = await opts.export.columns(app.db);
      const source = {
        fileName: opts.export.fileName,
        title: opts.export.fileName,
        columns,
        rows: withTotals(iterateList(app.db, opts.resource, query), columns, opts.export.signInTotals),
      };
      const written = await sendExportFile(req, reply, fileType, source);
      const rows = columns.some((c) => c.total) ? Math.max(0, written - 1) : written; // not the totals row
      await recordActivity(app.db, actorOf(req), {
        action: 'export',
        entity: opts.entity,
        summary: `تصدير ${rows} من ${opts.export.fileName} (${fileType.toUpperCase()})`,
      });
      return reply;
    },
  );
}
