import type { Permission } from '@idara/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import type { AuthUser } from '../modules/auth/sessions';
import { type IfMatch, ifMatchOf, withETag } from './edit-version';
import { guarded } from './guarded';
import { type ActorContext, actorOf } from './request-context';
import type { RoutesPlugin } from './response-contract';
import { idParams } from './route-params';

type RoutesApp = Parameters<RoutesPlugin>[0];

/** `GET /:id`: the record `load` reads, with its ETag (read from `versionField`). */
export function registerDetailsRoute(
  app: RoutesApp,
  permission: Permission,
  route: {
    tags: string[];
    answer: z.ZodType;
    load: (db: Db, id: string, user: AuthUser) => Promise<unknown>;
    versionField?: string;
  },
) {
  app.get(
    '/:id',
    guarded(permission, { tags: route.tags, params: idParams, response: { 200: route.answer } }),
    async (req, reply) => {
      const record = await route.load(app.db, req.params.id, req.user!);
      return withETag(reply, record as Record<string, unknown>, route.versionField);
    },
  );
}

/**
 * `PUT /:id` of a record its module's service edits: `edit` runs in one transaction and refuses a
 * save from an older version than If-Match names (412); the answer is the record with its new ETag,
 * read from `versionField`.
 */
export function registerEditRoute<Body extends z.ZodType>(
  app: RoutesApp,
  permission: Permission,
  route: {
    tags: string[];
    body: Body;
    answer: z.ZodType;
    edit: (
      tx: Tx,
      actor: ActorContext,
      id: string,
      input: z.output<Body>,
      ifMatch: IfMatch,
    ) => Promise<unknown>;
    versionField?: string;
  },
) {
  app.put(
    '/:id',
    guarded(permission, {
      tags: route.tags,
      params: idParams,
      body: route.body,
      response: { 200: route.answer },
    }),
    async (req, reply) => {
      const edited = await app.db.transaction((tx) =>
        route.edit(tx, actorOf(req), req.params.id, req.body as z.output<Body>, ifMatchOf(req)),
      );
      return withETag(reply, edited as Record<string, unknown>, route.versionField);
    },
  );
}
