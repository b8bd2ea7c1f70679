import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { resolveToken } from '../modules/auth/sessions';

export const SOCKET_TIMEOUT_MS = 300_000;
export const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * socket.io on the API's HTTP server: websocket only, bearer token in the handshake `auth`,
 * one room per user (pushes) and per session (so revoking a session closes its sockets).
 */
export function attachRealtime(app: FastifyInstance) {
  const io = new Server(app.server, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    connectTimeout: 45_000,
  });

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const resolved =
      token && token.length <= 200 ? await resolveToken(app.db, token).catch(() => null) : null;
    if (!resolved) return next(new Error('unauthorized'));
    socket.data.userId = resolved.user._id;
    socket.data.sessionId = resolved.sessionId;
    next();
  });

  io.on('connection', (socket) => {
    socket.join([userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)]);
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
