import multipart from '@fastify/multipart';
import {
  arabicPlural,
  idSchema,
  TASKS,
  taskAnswersBody,
  taskAssignBody,
  taskBody,
  taskReviewBody,
  taskStatusLabels,
} from '@idara/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ifMatchOf, withETag } from '../../http/edit-version';
import { badRequest, fieldError } from '../../http/errors';
import { registerExportRoute } from '../../http/export-route';
import { runList } from '../../http/list-query';
import { actorOf } from '../../http/request-context';
import { MAX_UPLOAD_BYTES, readTaskFile, storeTaskFile } from './files';
import { taskResource } from './resource';
import {
  assignTasks,
  canSeeAllTasks,
  createTask,
  deleteTask,
  reviewersOf,
  reviewTask,
  saveAnswers,
  startTask,
  taskEvent,
  updateTask,
  viewTask,
} from './service';

const params = z.object({ id: idSchema });
const fileParams = z.object({ id: idSchema, fileId: idSchema });
const tags = ['task'];

/** Everyone sees the tasks given to them; `task:details` sees everyone's (`mine=true` narrows back). */
function scopedQuery(req: FastifyRequest, query: Record<string, unknown>) {
  const { mine, ...rest } = query;
  const user = req.user!;
  if (String(mine) === 'true' || !canSeeAllTasks(user)) rest.assignee = user._id;
  return rest;
}

export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2 } });

  app.get('/', { config: { permissions: ['task:read'] }, schema: { tags } }, async (req) =>
    runList(app.db, taskResource, scopedQuery(req, req.query as Record<string, unknown>)),
  );

  registerExportRoute(app, {
    entity: 'task',
    permission: 'task:read',
    resource: taskResource,
    scope: scopedQuery,
    export: {
      fileName: 'المهام',
      columns: () => [
        { key: 'number', header: 'رقم المهمة', type: 'number' },
        { key: 'title', header: 'المهمة', width: 32 },
        {
          key: 'status',
          header: 'الحالة',
          value: (r) => taskStatusLabels[r.status as keyof typeof taskStatusLabels] ?? r.status,
        },
        { key: 'assigneeName', header: 'الموظف' },
        { key: 'customerName', header: 'العميل', width: 26 },
        { key: 'orderNumber', header: 'رقم الطلب', type: 'number' },
        { key: 'formTitle', header: 'النموذج' },
        { key: 'dueAt', header: 'موعد الإنجاز', type: 'datetime' },
        { key: 'submittedAt', header: 'تاريخ الإرسال', type: 'datetime' },
        { key: 'reviewedAt', header: 'تاريخ المراجعة', type: 'datetime' },
        { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
      ],
    },
  });

  app.get('/:id', { config: { permissions: ['task:read'] }, schema: { tags, params } }, async (req, reply) =>
    withETag(reply, await viewTask(app.db, req.user!, req.params.id)),
  );

  app.post(
    '/',
    { config: { permissions: ['task:create'] }, schema: { tags, body: taskBody } },
    async (req, reply) => {
      const actor = actorOf(req);
      const task = await app.db.transaction((tx) => createTask(tx, actor, req.body));
      app.events.emit('task.assigned', taskEvent(task, [String(task.assignee)], actor.actorId));
      return reply.status(201).send(task);
    },
  );

  app.post(
    '/assign',
    { config: { permissions: ['task:update'] }, schema: { tags, body: taskAssignBody } },
    async (req) => {
      const actor = actorOf(req);
      const { ids, assignee } = req.body;
      const moved = await app.db.transaction((tx) => assignTasks(tx, actor, ids, assignee));
      for (const t of moved) app.events.emit('task.assigned', taskEvent(t, [assignee], actor.actorId));
      const count = new Set(ids).size;
      return { message: `تم إسناد ${arabicPlural(count, TASKS)}`, count };
    },
  );

  app.put(
    '/:id',
    { config: { permissions: ['task:update'] }, schema: { tags, params, body: taskBody } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { task, reassigned } = await app.db.transaction((tx) =>
        updateTask(tx, actor, req.params.id, req.body, ifMatchOf(req)),
      );
      if (reassigned)
        app.events.emit('task.assigned', taskEvent(task, [String(task.assignee)], actor.actorId));
      return withETag(reply, task);
    },
  );

  app.post('/:id/start', { config: { permissions: ['task:read'] }, schema: { tags, params } }, async (req) =>
    app.db.transaction((tx) => startTask(tx, actorOf(req), req.user!, req.params.id)),
  );

  app.put(
    '/:id/answers',
    { config: { permissions: ['task:read'] }, schema: { tags, params, body: taskAnswersBody } },
    async (req) =>
      app.db.transaction((tx) =>
        saveAnswers(tx, actorOf(req), req.user!, req.params.id, req.body.answers, false),
      ),
  );

  app.post(
    '/:id/submit',
    { config: { permissions: ['task:read'] }, schema: { tags, params, body: taskAnswersBody } },
    async (req) => {
      const actor = actorOf(req);
      const task = await app.db.transaction((tx) =>
        saveAnswers(tx, actor, req.user!, req.params.id, req.body.answers, true),
      );
      const recipients = await reviewersOf(app.db, (task.createdBy as string | null) ?? null, actor.actorId);
      app.events.emit('task.submitted', taskEvent(task, recipients, actor.actorId));
      return task;
    },
  );

  app.post(
    '/:id/review',
    { config: { permissions: ['task:update'] }, schema: { tags, params, body: taskReviewBody } },
    async (req) => {
      const actor = actorOf(req);
      const { decision, note } = req.body;
      const { task } = await app.db.transaction((tx) =>
        reviewTask(tx, actor, req.user!, req.params.id, decision, note),
      );
      app.events.emit('task.reviewed', {
        ...taskEvent(task, [String(task.assignee)], actor.actorId),
        decision,
      });
      return task;
    },
  );

  app.post(
    '/:id/files',
    { config: { permissions: ['task:read'] }, schema: { tags, params } },
    async (req, reply) => {
      const field = String((req.query as Record<string, unknown>).field ?? '');
      if (!field) throw badRequest('حدد الحقل في المعامل field');
      if (!req.isMultipart()) throw badRequest('أرسل الملف بصيغة multipart/form-data');
      const part = await req.file();
      if (!part) throw badRequest('لم يُرسل أي ملف');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw fieldError(`answers.${field}`, `حجم الملف أكبر من ${MAX_UPLOAD_BYTES / 1024 / 1024} ميغابايت`);
      }
      const stored = await app.db.transaction((tx) =>
        storeTaskFile(tx, actorOf(req), req.user!, req.params.id, field, {
          name: part.filename,
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
        }),
      );
      return reply.status(201).send(stored);
    },
  );

  app.get(
    '/:id/files/:fileId',
    { config: { permissions: ['task:read'] }, schema: { tags, params: fileParams } },
    async (req, reply) => {
      const file = await readTaskFile(app.db, req.user!, req.params.id, req.params.fileId);
      const ascii = file.name.replace(/[^A-Za-z0-9._-]/g, '_') || 'file';
      const encoded = encodeURIComponent(file.name).replace(
        /['()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16)}`,
      );
      return reply
        .header('content-type', file.type)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`)
        .send(Buffer.from(file.data));
    },
  );

  app.delete('/:id', { config: { permissions: ['task:delete'] }, schema: { tags, params } }, async (req) => {
    const number = await app.db.transaction((tx) => deleteTask(tx, actorOf(req), req.params.id));
    return { message: `تم حذف المهمة رقم ${number}` };
  });
};
