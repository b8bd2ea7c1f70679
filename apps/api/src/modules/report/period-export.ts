import { fileOut, type Permission } from '@idara/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type ExportFileType, parseFileType } from '../../http/export';
import { guarded } from '../../http/guarded';
import { actorOf } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import { reportTags as tags } from './common';
import { vatPeriodQuery } from './vat-period';

export interface PeriodExport {
  req: FastifyRequest;
  reply: FastifyReply;
  from: string;
  to: string;
  fileType: ExportFileType | 'pdf';
}

/**
 * `GET <path>?fileType=xlsx|csv|pdf&from&to`: a report of a period as a file, for `permission`
 * holders. The period and the file type are checked (in Arabic) before `write` sends the file; the
 * export is then logged with the summary `write` answers.
 */
export function periodExportRoute(
  app: FastifyInstance,
  path: string,
  permission: Permission,
  write: (e: PeriodExport) => Promise<string>,
) {
  app.get(
    path,
    guarded(permission, {
      tags,
      querystring: vatPeriodQuery({ fileType: z.string().optional() }),
      response: { 200: fileOut('xlsx, csv or pdf') },
    }),
    async (req, reply) => {
      const query = req.query as { from: string; to: string };
      const fileType = parseFileType(req.query as Record<string, unknown>, ['xlsx', 'csv', 'pdf'] as const);
      const summary = await write({ req, reply, from: query.from, to: query.to, fileType });
      await recordActivity(app.db, actorOf(req), {
        action: 'export',
        entity: 'report',
        summary: `${summary} (${fileType.toUpperCase()})`,
      });
      return reply;
    },
  );
}
