import {
  formatSaudiPhoneLocal,
  listOf,
  messageOut,
  rolePresets,
  signinLinkOut,
  userCreateBody,
  userRecord,
  userUpdateBody,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import { ifMatchOf, withETag } from '../../http/edit-version';
import { AppError, notFound } from '../../http/errors';
import { registerExportRoute } from '../../http/export-route';
import { guarded } from '../../http/guarded';
import { runList } from '../../http/list-query';
import { publicOrigin } from '../../http/public-origin';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { createSigninLink } from '../auth/service';
import { userFields, userResource } from './resource';
import { assertActsWithin, createUser, deleteUser, updateUser } from './service';

const tags = ['user'];
const list = listOf(userRecord);

export const userRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/',
    guarded('user:read', { tags, response: { 200: list } }),
    async (req) =>
      runList(app.db, userResource, req.query as Record<string, unknown>) as Promise<z.input<typeof list>>,
  );

  registerExportRoute(app, {
    entity: 'user',
    permission: 'user:read',
    resource: userResource,
    export: {
      fileName: 'المستخدمون',
      columns: () => [
        { key: 'name', header: 'الاسم', width: 28 },
        {
          key: 'phoneNumber',
          header: 'رقم الجوال',
          type: 'phone',
          value: (r) => formatSaudiPhoneLocal(String(r.phoneNumber)),
        },
        { key: 'email', header: 'البريد الإلكتروني' },
        { key: 'jobTitle', header: 'المسمى الوظيفي' },
        { key: 'role', header: 'الدور', value: (r) => rolePresets[String(r.role)]?.label ?? r.role },
        { key: 'active', header: 'فعّال', type: 'boolean' },
        { key: 'lastLoginAt', header: 'آخر دخول', type: 'datetime' },
        { key: 'createdAt', header: 'تاريخ الإضافة', type: 'datetime' },
      ],
    },
  });

  app.get(
    '/:id',
    guarded('user:details', { tags, params: idParams, response: { 200: userRecord } }),
    async (req, reply) => {
      const [row] = await app.db.select(userFields).from(users).where(eq(users._id, req.params.id));
      if (!row) throw notFound('المستخدم');
      return withETag(reply, row);
    },
  );

  app.post(
    '/',
    guarded('user:create', { tags, body: userCreateBody, response: { 201: userRecord } }),
    async (req, reply) => {
      const created = await createUser(app.db, req.user!, req.body, actorOf(req));
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/:id',
    guarded('user:update', { tags, params: idParams, body: userUpdateBody, response: { 200: userRecord } }),
    async (req, reply) => {
      const { after, revoked } = await updateUser(
        app.db,
        req.user!,
        req.params.id,
        req.body,
        actorOf(req),
        ifMatchOf(req),
      );
      if (revoked.length) app.events.emit('sessions.revoked', { userId: after._id, sessionIds: revoked });
      app.events.emit('user.changed', { userId: after._id });
      return withETag(reply, after);
    },
  );

  app.delete(
    '/:id',
    guarded('user:delete', { tags, params: idParams, response: { 200: messageOut } }),
    async (req) => {
      const deleted = await deleteUser(app.db, req.user!, req.params.id, actorOf(req));
      app.events.emit('sessions.revoked', { userId: deleted._id, sessionIds: [] });
      return { message: `تم حذف المستخدم ${deleted.name}` };
    },
  );

  app.post(
    '/:id/signin-link',
    guarded('user:update', { tags, params: idParams, response: { 201: signinLinkOut } }),
    async (req, reply) => {
      const { token, expiresAt } = await createSigninLink(app.db, req.params.id, actorOf(req), (target) => {
        if (req.params.id === req.user!._id)
          throw new AppError(403, 'لا تنشئ رابط دخول لنفسك: رابط الدخول لمستخدم آخر نسي كلمة مروره');
        assertActsWithin(req.user!, target, 'signinLink');
      });
      const url = `${publicOrigin(app.config, req)}/auth/signinWithToken?token=${encodeURIComponent(token)}`;
      return reply.status(201).send({ token, url, expiresAt });
    },
  );
};
