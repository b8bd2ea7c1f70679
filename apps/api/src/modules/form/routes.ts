import {
  formActiveBody,
  formBody,
  formListOut,
  formRecordOut,
  formVersionOut,
  idSchema,
  messageOut,
} from '@idara/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { guarded } from '../../http/guarded';
import { runList } from '../../http/list-query';
import { registerDetailsRoute, registerEditRoute } from '../../http/record-routes';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { formResource } from './resource';
import {
  createForm,
  deleteForm,
  duplicateForm,
  loadForm,
  loadFormVersion,
  setFormActive,
  taskCounts,
  updateForm,
} from './service';
import { registerSubmissionsExport } from './submissions-export';

const versionParams = z.object({ id: idSchema, version: z.coerce.number().int().min(1).max(100_000) });
const tags = ['form'];
type FormAnswer = z.input<typeof formRecordOut>;

export const formRoutes: RoutesPlugin = async (app) => {
  app.get('/', guarded('forms:read', { tags, response: { 200: formListOut } }), async (req) => {
    const list = await runList(app.db, formResource, req.query as Record<string, unknown>);
    const counts = await taskCounts(
      app.db,
      list.data.map((r) => String(r._id)).filter((id) => id !== 'undefined'),
    );
    return {
      ...list,
      data: list.data.map((r) => ({ ...r, taskCount: counts.get(String(r._id)) ?? 0 })),
    } as z.input<typeof formListOut>;
  });

  registerSubmissionsExport(app);

  registerDetailsRoute(app, 'forms:read', {
    tags,
    answer: formRecordOut,
    load: loadForm,
    versionField: 'rowVersion',
  });

  app.get(
    '/:id/versions/:version',
    guarded('forms:read', { tags, params: versionParams, response: { 200: formVersionOut } }),
    async (req) => loadFormVersion(app.db, req.params.id, req.params.version),
  );

  /** A form made in one transaction, new or copied: 201 with it. */
  const created = async (reply: FastifyReply, make: (tx: Tx) => Promise<unknown>) =>
    reply.status(201).send((await app.db.transaction(make)) as FormAnswer);

  app.post(
    '/',
    guarded('forms:create', { tags, body: formBody, response: { 201: formRecordOut } }),
    async (req, reply) => created(reply, (tx) => createForm(tx, actorOf(req), req.body)),
  );

  registerEditRoute(app, 'forms:update', {
    tags,
    body: formBody,
    answer: formRecordOut,
    edit: updateForm,
    versionField: 'rowVersion',
  });

  app.post(
    '/:id/duplicate',
    guarded('forms:create', { tags, params: idParams, response: { 201: formRecordOut } }),
    async (req, reply) => created(reply, (tx) => duplicateForm(tx, actorOf(req), req.params.id)),
  );

  app.put(
    '/:id/active',
    guarded('forms:update', {
      tags,
      params: idParams,
      body: formActiveBody,
      response: { 200: formRecordOut },
    }),
    async (req) =>
      (await app.db.transaction((tx) =>
        setFormActive(tx, actorOf(req), req.params.id, req.body.active),
      )) as FormAnswer,
  );

  app.delete(
    '/:id',
    guarded('forms:delete', { tags, params: idParams, response: { 200: messageOut } }),
    async (req) => {
      const title = await app.db.transaction((tx) => deleteForm(tx, actorOf(req), req.params.id));
      return { message: `تم حذف النموذج «${title}»` };
    },
  );
};
