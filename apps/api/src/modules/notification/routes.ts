import {
  arabicPlural,
  messageOut,
  NOTIFICATIONS,
  notificationListOut,
  type Permission,
  unreadCountOut,
} from '@idara/domain';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { notifications } from '../../db/schema';
import { notFound } from '../../http/errors';
import { runList } from '../../http/list-query';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';
import { notificationResource } from './resource';

const tags = ['notification'];
// Every signed-in user has their own notifications; no permission beyond signing in (spec §6).
const own = { permissions: [] as Permission[] };

/** Spec §7: a user's notifications; someone else's id is a 404, as if it did not exist. */
export const notificationRoutes: RoutesPlugin = async (app) => {
  const mine = (userId: string) => eq(notifications.recipient, userId);
  const oneOfMine = (userId: string, id: string) => and(mine(userId), eq(notifications._id, id));

  app.get(
    '/',
    { config: own, schema: { tags, response: { 200: notificationListOut } } },
    async (req) =>
      runList(
        app.db,
        notificationResource,
        req.query as Record<string, unknown>,
        mine(req.user!._id),
      ) as Promise<z.input<typeof notificationListOut>>,
  );

  app.get(
    '/unreadCount',
    { config: own, schema: { tags, response: { 200: unreadCountOut } } },
    async (req) => {
      const [{ n }] = await app.db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine(req.user!._id), eq(notifications.read, false)));
      return n;
    },
  );

  async function mark(userId: string, id: string, read: boolean) {
    const rows = await app.db
      .update(notifications)
      .set({ read })
      .where(oneOfMine(userId, id))
      .returning({ _id: notifications._id });
    if (rows.length === 0) throw notFound('الإشعار');
  }

  for (const [path, read, message] of [
    ['/read/:id', true, 'تم تعليم الإشعار كمقروء'],
    ['/unread/:id', false, 'تم تعليم الإشعار كغير مقروء'],
  ] as const) {
    app.put(
      path,
      { config: own, schema: { tags, params: idParams, response: { 200: messageOut } } },
      async (req) => {
        await mark(req.user!._id, req.params.id, read);
        return { message };
      },
    );
  }

  app.post('/readall', { config: own, schema: { tags, response: { 200: messageOut } } }, async (req) => {
    await app.db.update(notifications).set({ read: true }).where(mine(req.user!._id));
    return { message: 'تم تعليم كل الإشعارات كمقروءة' };
  });

  app.post('/unreadall', { config: own, schema: { tags, response: { 200: messageOut } } }, async (req) => {
    await app.db.update(notifications).set({ read: false }).where(mine(req.user!._id));
    return { message: 'تم تعليم كل الإشعارات كغير مقروءة' };
  });

  // Deleting is recorded (it cannot be undone); read marks are the reader's own state and are not.
  app.delete(
    '/delete/:id',
    { config: own, schema: { tags, params: idParams, response: { 200: messageOut } } },
    async (req) => {
      await app.db.transaction(async (tx) => {
        const rows = await tx
          .delete(notifications)
          .where(oneOfMine(req.user!._id, req.params.id))
          .returning({ title: notifications.title });
        if (rows.length === 0) throw notFound('الإشعار');
        await recordActivity(tx, actorOf(req), {
          action: 'delete',
          entity: 'notification',
          entityId: req.params.id,
          summary: `حذف إشعار «${rows[0].title}»`,
        });
      });
      return { message: 'تم حذف الإشعار' };
    },
  );

  app.delete('/deleteAll', { config: own, schema: { tags, response: { 200: messageOut } } }, async (req) => {
    const n = await app.db.transaction(async (tx) => {
      const rows = await tx
        .delete(notifications)
        .where(mine(req.user!._id))
        .returning({ _id: notifications._id });
      await recordActivity(tx, actorOf(req), {
        action: 'delete',
        entity: 'notification',
        summary: `حذف كل الإشعارات (${arabicPlural(rows.length, NOTIFICATIONS)})`,
      });
      return rows.length;
    });
    return { message: n ? `تم حذف ${arabicPlural(n, NOTIFICATIONS)}` : 'لا توجد إشعارات لحذفها' };
  });
};
