import multipart from '@fastify/multipart';
import { arabicPlural, CUSTOMERS, importOut, ROWS } from '@idara/domain';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../http/errors';
import { guarded } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import { readTable } from '../../http/spreadsheet';
import { readUploadedFile } from '../../http/upload';
import { requesterOf } from '../../http/work-queue';
import { checkCustomerRows, importCustomers, MAX_IMPORT_ROWS, summary } from './import';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * `POST /api/customer/import?dryRun=true` (multipart, field `file`, xlsx or csv): every row checked,
 * nothing written — the preview. Without dryRun the valid rows are imported in one transaction and
 * the skipped ones reported.
 */
export const customerImportRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5 } });

  app.post(
    '/import',
    guarded('customer:create', { tags: ['customer'], response: { 200: importOut } }),
    async (req) => {
      const file = await readUploadedFile(req, 'أرسل الملف في الحقل «file» بصيغة «multipart/form-data»', () =>
        badRequest('حجم الملف أكبر من 5 ميغابايت'),
      );
      const table = await readTable(file.bytes, file.name, MAX_IMPORT_ROWS, requesterOf(req));
      const rows = await checkCustomerRows(app.db, table);
      const invalid = rows.filter((r) => r.errors.length > 0);
      const dryRun = String((req.query as Record<string, unknown>).dryRun ?? '') === 'true';
      if (dryRun) {
        return {
          total: rows.length,
          valid: rows.length - invalid.length,
          invalid: invalid.length,
          rows: summary(rows).slice(0, 1000),
        };
      }
      const imported = await importCustomers(app.db, rows, file.name, actorOf(req));
      app.events.emit('records.imported', {
        entity: 'customer',
        count: imported,
        skipped: invalid.length,
        actorId: req.user?._id ?? null,
        fileName: file.name,
      });
      return {
        message: `تم استيراد ${arabicPlural(imported, CUSTOMERS)}${invalid.length ? `، وتخطي ${arabicPlural(invalid.length, ROWS)}` : ''}`,
        imported,
        skipped: summary(invalid),
      };
    },
  );
};
