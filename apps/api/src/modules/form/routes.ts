import { formActiveBody, formBody, idSchema } from '@idara/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ifMatchOf, withETag } from '../../http/edit-version';
import { runList } from '../../http/list-query';
import { actorOf } from '../../http/request-context';
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

const params = z.object({ id: idSchema });
const versionParams = z.object({ id: idSchema, version: z.coerce.number().int().min(1).max(100_000) });
const tags = ['form'];

export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { permissions: ['forms:read'] }, schema: { tags } }, async (req) => {
    const list = await runList(app.db, formResource, req.query as Record<string, unknown>);
    const counts = await taskCounts(
      app.db,
      list.data.map((r) => String(r._id)).filter((id) => id !== 'undefined'),
    );
    return { ...list, data: list.data.map((r) => ({ ...r, taskCount: counts.get(String(r._id)) ?? 0 })) };
  });

  registerSubmissionsExport(app);

  app.get('/:id', { config: { permissions: ['forms:read'] }, schema: { tags, params } }, async (req, reply) =>
    withETag(reply, await loadForm(app.db, req.params.id), 'rowVersion'),
  );

  app.get(
    '/:id/versions/:version',
    { config: { permissions: ['forms:read'] }, schema: { tags, params: versionParams } },
    async (req) => loadFormVersion(app.db, req.params.id, req.params.version),
  );

  app.post(
    '/',
    { config: { permissions: ['forms:create'] }, schema: { tags, body: formBody } },
    async (req, reply) =>
      reply.status(201).send(await app.db.transaction((tx) => createForm(tx, actorOf(req), req.body))),
  );

  app.put(
    '/:id',
    { config: { permissions: ['forms:update'] }, schema: { tags, params, body: formBody } },
    async (req, reply) =>
      withETag(
        reply,
        await app.db.transaction((tx) =>
          updateForm(tx, actorOf(req), req.params.id, req.body, ifMatchOf(req)),
        ),
        'rowVersion',
      ),
  );

  app.post(
    '/:id/duplicate',
    { config: { permissions: ['forms:create'] }, schema: { tags, params } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await app.db.transaction((tx) => duplicateForm(tx, actorOf(req), req.params.id))),
  );

  app.put(
    '/:id/active',
    { config: { permissions: ['forms:update'] }, schema: { tags, params, body: formActiveBody } },
    async (req) =>
      app.db.transaction((tx) => setFormActive(tx, actorOf(req), req.params.id, req.body.active)),
  );

  app.delete('/:id', { config: { permissions: ['forms:delete'] }, schema: { tags, params } }, async (req) => {
    const title = await app.db.transaction((tx) => deleteForm(tx, actorOf(req), req.params.id));
    return { message: `تم حذف النموذج «${title}»` };
  });
};
