import {
  changePasswordBody,
  entityNouns,
  forgotPasswordBody,
  messageOut,
  profileUpdateBody,
  resetPasswordBody,
  sessionsOut,
  signinBody,
  signinOut,
  tokenSigninBody,
  userOut,
} from '@idara/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { actorOf } from '../../http/request-context';
import type { RoutesPlugin } from '../../http/response-contract';
import { idParams } from '../../http/route-params';
import { recordActivity } from '../../lib/activity';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  signIn,
  signInWithToken,
  signOut,
} from './service';
import { authUserColumns } from './sessions';

const tags = ['auth'];

export const authRoutes: RoutesPlugin = async (app) => {
  app.post(
    '/signin',
    { config: { public: true }, schema: { tags, body: signinBody, response: { 200: signinOut } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const { deviceCookie, ...result } = await signIn(
        app.db,
        req.body.phoneNumber,
        req.body.password,
        actor,
        {
          cookie: req.headers.cookie,
          secure: req.protocol === 'https',
        },
      );
      reply.header('set-cookie', deviceCookie);
      app.events.emit('auth.signin', { userId: result.user._id, ip: actor.ip, userAgent: actor.userAgent });
      return result;
    },
  );

  app.get('/me', { schema: { tags, response: { 200: userOut } } }, async (req) => req.user!);

  app.post('/signout', { schema: { tags, response: { 200: messageOut } } }, async (req) => {
    await signOut(app.db, req.sessionId!, actorOf(req));
    app.events.emit('sessions.revoked', { userId: req.user!._id, sessionIds: [req.sessionId!] });
    return { message: 'تم تسجيل الخروج' };
  });

  app.post(
    '/forget-password',
    { config: { public: true }, schema: { tags, body: forgotPasswordBody, response: { 200: messageOut } } },
    async (req) => {
      // Answered without waiting for the lookup or the message: the time it takes says nothing
      // about whether the phone is registered.
      const ctx = actorOf(req);
      app.afterReply.run('password reset request', () =>
        requestPasswordReset(app.db, app.channel, req.body.phoneNumber, ctx),
      );
      return { message: 'إذا كان الرقم مسجلاً لدينا فستصلك رسالة برمز التحقق خلال دقائق' };
    },
  );

  app.post(
    '/reset-password',
    { config: { public: true }, schema: { tags, body: resetPasswordBody, response: { 200: messageOut } } },
    async (req) => {
      const { userId, revoked } = await resetPassword(
        app.db,
        req.body.phoneNumber,
        req.body.code,
        req.body.password,
        actorOf(req),
      );
      app.events.emit('sessions.revoked', { userId, sessionIds: revoked });
      return { message: 'تم تعيين كلمة المرور الجديدة، يمكنك تسجيل الدخول الآن' };
    },
  );

  app.post(
    '/signin-with-token',
    { config: { public: true }, schema: { tags, body: tokenSigninBody, response: { 200: signinOut } } },
    async (req) => {
      return signInWithToken(app.db, req.body.token, actorOf(req));
    },
  );

  app.put(
    '/profile',
    { schema: { tags, body: profileUpdateBody, response: { 200: userOut } } },
    async (req) => {
      const me = req.user!;
      const updated = await app.db.transaction(async (tx) => {
        const [before] = await tx.select(authUserColumns).from(users).where(eq(users._id, me._id));
        const [after] = await tx
          .update(users)
          // Name and email are also in an admin's user PUT: an edit from before this must meet a 412.
          .set({
            name: req.body.name,
            email: req.body.email ?? before.email,
            gender: req.body.gender ?? before.gender,
            version: sql`${users.version} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(users._id, me._id))
          .returning(authUserColumns);
        await recordActivity(tx, actorOf(req), {
          action: 'update',
          entity: 'user',
          entityId: me._id,
          summary: `تحديث الملف الشخصي لـ ${after.name}`,
          before,
          after,
        });
        return after;
      });
      app.events.emit('user.changed', { userId: me._id });
      return updated;
    },
  );

  app.put(
    '/password',
    { schema: { tags, body: changePasswordBody, response: { 200: messageOut } } },
    async (req) => {
      const revoked = await changePassword(
        app.db,
        req.user!._id,
        req.sessionId!,
        req.body.currentPassword,
        req.body.newPassword,
        actorOf(req),
      );
      app.events.emit('sessions.revoked', { userId: req.user!._id, sessionIds: revoked });
      return { message: 'تم تغيير كلمة المرور وإنهاء الجلسات الأخرى' };
    },
  );

  app.get('/sessions', { schema: { tags, response: { 200: sessionsOut } } }, async (req) => {
    const rows = await app.db
      .select({
        _id: sessions._id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, req.user!._id),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt));
    return { data: rows.map((r) => ({ ...r, current: r._id === req.sessionId })) };
  });

  app.delete(
    '/sessions/:id',
    { schema: { tags, params: idParams, response: { 200: messageOut } } },
    async (req) => {
      const revoked = await app.db.transaction(async (tx) => {
        const rows = await tx
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(
            and(
              eq(sessions._id, req.params.id),
              eq(sessions.userId, req.user!._id),
              isNull(sessions.revokedAt),
            ),
          )
          .returning({ _id: sessions._id });
        if (rows.length === 0) throw notFound(entityNouns.session);
        await recordActivity(tx, actorOf(req), {
          action: 'delete',
          entity: 'session',
          entityId: req.params.id,
          summary: `إنهاء جلسة لـ ${req.user!.name}`,
        });
        return rows.map((r) => r._id);
      });
      app.events.emit('sessions.revoked', { userId: req.user!._id, sessionIds: revoked });
      return { message: 'تم إنهاء الجلسة' };
    },
  );
};
