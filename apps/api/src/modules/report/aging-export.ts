import { agingBucketLabels, agingBuckets, fileOut, riyadhDayOf } from '@idara/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type ExportColumn, parseFileType } from '../../http/export';
import { withTotals } from '../../http/export-cells';
import { guarded } from '../../http/guarded';
import { PDF_MAX_ROWS, pdfTooLong, sendExportFile } from '../../http/pdf';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { recordActivity } from '../../lib/activity';
import { agingFilterQuery, customerFilter } from './aging-filter';
import { agingSql } from './aging-query';
import { agingFigureKeys, each, money, reportTags as tags } from './common';

const FILE_NAME = 'أعمار الذمم';

const columns: ExportColumn[] = [
  { key: 'customerName', header: 'العميل', width: 30 },
  ...agingBuckets.map((k) => ({ key: k, header: agingBucketLabels[k], type: 'money' as const, total: true })),
  { key: 'total', header: 'الإجمالي', type: 'money', total: true },
];

/**
 * `GET /api/report/aging/export?fileType=xlsx|csv|pdf&<filters>`: every selected customer's row, in
 * the report's order, with a totals row that is the report's totals (the shared export path).
 */
export const agingExportRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/aging/export',
    guarded('report:aging', {
      tags,
      querystring: agingFilterQuery.extend({ fileType: z.string().optional() }),
      response: { 200: fileOut('xlsx, csv or pdf') },
    }),
    async (req, reply) => {
      const fileType = parseFileType(req.query, ['xlsx', 'csv', 'pdf'] as const);
      const { rows } = await app.db.execute(sql`
        with a as (${agingSql(riyadhDayOf(new Date()), customerFilter(req.query))})
        select a.*, c.name as customer_name from a join customers c on c.id = a.customer
        order by a.total desc, c.name, c.id`);
      // Counted before queueing: a report too long to print is refused without waiting a turn.
      if (fileType === 'pdf' && rows.length > PDF_MAX_ROWS) throw pdfTooLong(rows.length);
      const lines = (rows as Record<string, unknown>[]).map((r) => ({
        customerName: String(r.customer_name),
        ...Object.fromEntries(agingFigureKeys.map((k) => [k, money(r[k])])),
      }));
      const source = {
        fileName: FILE_NAME,
        title: FILE_NAME,
        columns,
        rows: withTotals(each(lines), columns),
      };
      const written = await sendExportFile(req, reply, fileType, source);
      await recordActivity(app.db, actorOf(req), {
        action: 'export',
        entity: 'report',
        summary: `تصدير ${Math.max(0, written - 1)} من ${FILE_NAME} (${fileType.toUpperCase()})`,
      });
      return reply;
    },
  );
};
