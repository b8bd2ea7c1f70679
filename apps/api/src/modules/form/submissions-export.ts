import { answerText, type FormField, fileOut, taskStatusLabels } from '@idara/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formVersions } from '../../db/schema';
import { type ExportColumn, labelColumn, parseFileType, sendExport } from '../../http/export';
import { guarded } from '../../http/guarded';
import { iterateList } from '../../http/list-query';
import { actorOf } from '../../http/request-context';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';
import { taskResource } from '../task/resource';
import { loadForm } from './service';

/** One column per field key over every version; a key keeps its newest label and position. */
export function answerColumns(versions: { fields: FormField[] }[]): ExportColumn[] {
  const byKey = new Map<string, FormField>();
  for (const v of [...versions].reverse()) {
    for (const f of v.fields) if (f.type !== 'section' && !byKey.has(f.key)) byKey.set(f.key, f);
  }
  return [...byKey.values()].map((field) => ({
    key: `answer:${field.key}`,
    header: field.label,
    type: field.type === 'number' ? 'number' : 'text',
    width: field.type === 'textarea' ? 40 : 20,
    value: (row) => {
      const value = (row.answers as Record<string, unknown> | null)?.[field.key];
      if (field.type === 'number') return typeof value === 'number' ? value : null;
      return answerText(field, value as never);
    },
  }));
}

/** `GET /api/form/:id/submissions/export?fileType=xlsx|csv`: each answered task a row, each field a column. */
export function registerSubmissionsExport(app: FastifyInstance) {
  app.get(
    '/:id/submissions/export',
    guarded(['forms:read', 'task:details'], {
      tags: ['form'],
      params: idParams,
      response: { 200: fileOut('xlsx or csv') },
    }),
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const fileType = parseFileType(req.query as Record<string, unknown>);
      const form = await loadForm(app.db, id);
      const versions = await app.db
        .select({ fields: formVersions.fields })
        .from(formVersions)
        .where(eq(formVersions.form, id))
        .orderBy(asc(formVersions.version));
      const columns: ExportColumn[] = [
        { key: 'number', header: 'رقم المهمة', type: 'number' },
        { key: 'title', header: 'المهمة', width: 28 },
        { key: 'assigneeName', header: 'الموظف' },
        { key: 'customerName', header: 'العميل' },
        { key: 'orderNumber', header: 'رقم الطلب', type: 'number' },
        labelColumn('status', 'الحالة', taskStatusLabels),
        { key: 'formVersion', header: 'إصدار النموذج', type: 'number' },
        { key: 'submittedAt', header: 'تاريخ الإرسال', type: 'datetime' },
        ...answerColumns(versions),
      ];
      const query = {
        form: id,
        status: 'submitted,approved,returned',
        sort: 'submittedAt',
        fields: 'number,title,assigneeName,customerName,orderNumber,status,formVersion,submittedAt,answers',
      };
      const title = `إجابات ${form.title}`;
      const written = await sendExport(reply, {
        fileType,
        fileName: title,
        title: title.slice(0, 31),
        columns,
        rows: iterateList(app.db, taskResource, query),
      });
      await recordActivity(app.db, actorOf(req), {
        action: 'export',
        entity: 'form',
        entityId: id,
        summary: `تصدير ${written} من إجابات النموذج «${form.title}» (${fileType.toUpperCase()})`,
      });
      return reply;
    },
  );
}
