import multipart from '@fastify/multipart';
import {
  arabicPlural,
  fileOut,
  idSchema,
  messageOut,
  TASKS,
  taskAnswersBody,
  taskAssignBody,
  taskAssignOut,
  taskAttachmentOut,
  taskBody,
  taskListOut,
  taskOut,
  taskReviewBody,
  taskRowOut,
  taskStatusLabels,
} from '@idara/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ifMatchOf, withETag } from '../../http/edit-version';
import { badRequest, fieldError } from '../../http/errors';
import { labelColumn } from '../../http/export';
import { registerExportRoute } from '../../http/export-route';
import { guarded } from '../../http/guarded';
import { runList } from '../../http/list-query';
import { registerDetailsRoute } from '../../http/record-routes';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { readUploadedFile } from '../../http/upload';
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

const fileParams = z.object({ id: idSchema, fileId: idSchema });
const tags = ['task'];
type TaskAnswer = z.input<typeof taskOut>;
type TaskRowAnswer = z.input<typeof taskRowOut>;

/** Everyone sees the tasks given to them; `task:details` sees everyone's (`mine=true` narrows back). */
function scopedQuery(req: FastifyRequest, query: Record<string, unknown>) {
  const { mine, ...rest } = query;
  const user = req.user!;
  if (String(mine) === 'true' || !canSeeAllTasks(user)) rest.assignee = user._id;
  return rest;
}

export const taskRoutes: RoutesPlugin = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2 } });

  app.get(
    '/',
    guarded('task:read', { tags, response: { 200: taskListOut } }),
    async (req) =>
      runList(app.db, taskResource, scopedQuery(req, req.query as Record<string, unknown>)) as Promise<
        z.input<typeof taskListOut>
      >,
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
        labelColumn('status', 'الحالة', taskStatusLabels),
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

  registerDetailsRoute(app, 'task:read', {
    tags,
    answer: taskOut,
    load: (db, id, user) => viewTask(db, user, id),
  });

  app.post(
    '/',
    guarded('task:create', { tags, body: taskBody, response: { 201: taskRowOut } }),
    async (req, reply) => {
      const actor = actorOf(req);
      const task = await app.db.transaction((tx) => createTask(tx, actor, req.body));
      app.events.emit('task.assigned', taskEvent(task, [String(task.assignee)], actor.actorId));
      return reply.status(201).send(task as TaskRowAnswer);
    },
  );

  app.post(
    '/assign',
    guarded('task:update', { tags, body: taskAssignBody, response: { 200: taskAssignOut } }),
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
    guarded('task:update', { tags, params: idParams, body: taskBody, response: { 200: taskRowOut } }),
    async (req, reply) => {
      const actor = actorOf(req);
      const { task, reassigned } = await app.db.transaction((tx) =>
        updateTask(tx, actor, req.params.id, req.body, ifMatchOf(req)),
      );
      if (reassigned)
        app.events.emit('task.assigned', taskEvent(task, [String(task.assignee)], actor.actorId));
      return withETag(reply, task as TaskRowAnswer);
    },
  );

  app.post(
    '/:id/start',
    guarded('task:read', { tags, params: idParams, response: { 200: taskOut } }),
    async (req) =>
      (await app.db.transaction((tx) => startTask(tx, actorOf(req), req.user!, req.params.id))) as TaskAnswer,
  );

  app.put(
    '/:id/answers',
    guarded('task:read', { tags, params: idParams, body: taskAnswersBody, response: { 200: taskOut } }),
    async (req) =>
      (await app.db.transaction((tx) =>
        saveAnswers(tx, actorOf(req), req.user!, req.params.id, req.body.answers, false),
      )) as TaskAnswer,
  );

  app.post(
    '/:id/submit',
    guarded('task:read', { tags, params: idParams, body: taskAnswersBody, response: { 200: taskOut } }),
    async (req) => {
      const actor = actorOf(req);
      const task = await app.db.transaction((tx) =>
        saveAnswers(tx, actor, req.user!, req.params.id, req.body.answers, true),
      );
      const recipients = await reviewersOf(app.db, (task.createdBy as string | null) ?? null, actor.actorId);
      app.events.emit('task.submitted', taskEvent(task, recipients, actor.actorId));
      return task as TaskAnswer;
    },
  );

  app.post(
    '/:id/review',
    guarded('task:update', { tags, params: idParams, body: taskReviewBody, response: { 200: taskOut } }),
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
      return task as TaskAnswer;
    },
  );

  app.post(
    '/:id/files',
    guarded('task:read', { tags, params: idParams, response: { 201: taskAttachmentOut } }),
    async (req, reply) => {
      const field = String((req.query as Record<string, unknown>).field ?? '');
      if (!field) throw badRequest('حدد الحقل في المعامل «field»');
      const { name, bytes } = await readUploadedFile(req, 'أرسل الملف بصيغة multipart/form-data', () =>
        fieldError(`answers.${field}`, `حجم الملف أكبر من ${MAX_UPLOAD_BYTES / 1024 / 1024} ميغابايت`),
      );
      const stored = await app.db.transaction((tx) =>
        storeTaskFile(tx, actorOf(req), req.user!, req.params.id, field, {
          name,
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
        }),
      );
      return reply.status(201).send(stored);
    },
  );

  app.get(
    '/:id/files/:fileId',
    guarded('task:read', {
      tags,
      params: fileParams,
      response: { 200: fileOut('the stored image, signature or PDF') },
    }),
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

  app.delete(
    '/:id',
    guarded('task:delete', { tags, params: idParams, response: { 200: messageOut } }),
    async (req) => {
      const number = await app.db.transaction((tx) => deleteTask(tx, actorOf(req), req.params.id));
      return { message: `تم حذف المهمة رقم ${number}` };
    },
  );
};
