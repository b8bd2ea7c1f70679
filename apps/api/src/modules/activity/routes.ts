import { activityActionLabels, activityEntityLabels, activityListOut, activityOut } from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { activity } from '../../db/schema';
import { notFound } from '../../http/errors';
import { registerExportRoute } from '../../http/export-route';
import { guarded } from '../../http/guarded';
import { type ListResource, runList } from '../../http/list-query';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';

export const activityActions = [
  'create',
  'update',
  'delete',
  'signin',
  'signin_failed',
  'signout',
  'password_reset',
  'password_change',
  'export',
  'import',
  'backup_failed',
] as const;

export const activityResource: ListResource = {
  table: activity,
  fields: {
    _id: activity._id,
    actor: activity.actor,
    actorName: activity.actorName,
    action: activity.action,
    entity: activity.entity,
    entityId: activity.entityId,
    summary: activity.summary,
    changes: activity.changes,
    ip: activity.ip,
    userAgent: activity.userAgent,
    createdAt: activity.createdAt,
  },
  filters: {
    actor: { column: activity.actor, type: 'uuid' },
    action: { column: activity.action, type: 'enum', values: activityActions },
    entity: { column: activity.entity, type: 'text' },
    entityId: { column: activity.entityId, type: 'text' },
    createdAt: { column: activity.createdAt, type: 'date' },
  },
  defaultSort: '-createdAt',
};

/** The activity log is read-only: it is written only inside the transactions it records. */
export const activityRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/',
    guarded('activity:read', { tags: ['activity'], response: { 200: activityListOut } }),
    async (req) =>
      runList(app.db, activityResource, req.query as Record<string, unknown>) as Promise<
        z.input<typeof activityListOut>
      >,
  );
  registerExportRoute(app, {
    entity: 'activity',
    permission: 'activity:read',
    resource: activityResource,
    export: {
      fileName: 'السجلات',
      columns: () => [
        { key: 'createdAt', header: 'الوقت', type: 'datetime' },
        { key: 'actorName', header: 'المستخدم' },
        {
          key: 'action',
          header: 'الإجراء',
          value: (r) => activityActionLabels[String(r.action)] ?? r.action,
        },
        { key: 'entity', header: 'السجل', value: (r) => activityEntityLabels[String(r.entity)] ?? r.entity },
        { key: 'summary', header: 'الوصف', width: 50 },
        { key: 'ip', header: 'العنوان' },
        { key: 'userAgent', header: 'المتصفح', width: 40 },
      ],
    },
  });
  app.get(
    '/:id',
    guarded('activity:read', { tags: ['activity'], params: idParams, response: { 200: activityOut } }),
    async (req) => {
      const [row] = await app.db
        .select(activityResource.fields)
        .from(activity)
        .where(eq(activity._id, req.params.id));
      if (!row) throw notFound('السجل');
      return row as unknown as z.input<typeof activityOut>;
    },
  );
};
