import { authorityOf, type ServerToClientEvents } from '@idara/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { users } from '../db/schema';
import { resolveToken } from '../modules/auth/sessions';

export const SOCKET_TIMEOUT_MS = 300_000;
export const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Those who may read an area's list (`visit:read`): they hear when its records change. */
const readersRoom = (area: string) => `read:${area}`;
const readerRooms = (permissions: readonly string[]) =>
  permissions.filter((p) => p.endsWith(':read')).map((p) => readersRoom(p.slice(0, -':read'.length)));

/**
 * socket.io on the API's HTTP server: websocket only, bearer token in the handshake `auth`,
 * one room per user (pushes) and per session (so revoking a session closes its sockets).
 */
export async function attachRealtime(app: FastifyInstance, redisUrl?: string) {
  const io = new Server<Record<never, never>, ServerToClientEvents>(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    connectTimeout: 45_000,
  });
  if (redisUrl) await useRedisAdapter(app, io, redisUrl);

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const resolved =
      token && token.length <= 200 ? await resolveToken(app.db, token).catch(() => null) : null;
    if (!resolved) return next(new Error('unauthorized'));
    socket.data.userId = resolved.user._id;
    socket.data.sessionId = resolved.sessionId;
    socket.data.readerRooms = readerRooms(authorityOf(resolved.user));
    next();
  });

  io.on('connection', (socket) => {
    socket.join([
      userRoom(socket.data.userId),
      sessionRoom(socket.data.sessionId),
      ...socket.data.readerRooms,
    ]);
  });

  app.events.on('records.changed', ({ area, ids }) => {
    io.to(readersRoom(area)).emit('records', { area, ids });
  });

  // A user's permissions changed: their open sockets hear what they may now read, and no more.
  app.events.on('user.changed', async ({ userId }) => {
    const [user] = await app.db
      .select({ role: users.role, permissions: users.permissions })
      .from(users)
      .where(eq(users._id, userId));
    const rooms = user ? readerRooms(authorityOf(user)) : [];
    for (const socket of await io.in(userRoom(userId)).fetchSockets()) {
      for (const room of socket.rooms)
        if (room.startsWith('read:') && !rooms.includes(room)) socket.leave(room);
      socket.join(rooms);
    }
  });

  // Every open page learns of maintenance at once (through Redis, on every process).
  app.events.on('settings.maintenance', (notice) => {
    io.emit('maintenance', notice);
  });

  app.events.on('sessions.revoked', ({ userId, sessionIds }) => {
    if (sessionIds.length === 0) io.in(userRoom(userId)).disconnectSockets(true);
    for (const id of sessionIds) io.in(sessionRoom(id)).disconnectSockets(true);
  });

  // Open websockets would keep the HTTP server from closing; end them first.
  app.addHook('preClose', (done) => {
    io.local.disconnectSockets(true);
    io.engine.close();
    done();
  });
  return io;
}

/**
 * With REDIS_URL, pushes go through Redis so a socket on any server process receives what another
 * process emitted to its room (scale-out without sticky sessions: websocket only, no polling).
 */
async function useRedisAdapter(app: FastifyInstance, io: Server, url: string) {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err) => app.log.error({ err }, 'redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  app.addHook('onClose', async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  });
}
