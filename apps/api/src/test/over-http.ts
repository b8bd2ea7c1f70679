import type { NotificationItem } from '@idara/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { callJson } from './processes';
import { ADMIN } from './seeded-database';

/** What tests do against a server process over HTTP, as a browser would. */

/** Signs in at `base` (the administrator unless named); the session's token. */
export async function signInAt(base: string, phoneNumber = ADMIN.phone, password = ADMIN.password) {
  const res = await callJson(base, 'POST', '/api/auth/signin', { phoneNumber, password });
  if (res.status !== 200) throw new Error(`sign-in at ${base} failed: ${res.status}`);
  return res.json.token as string;
}

/**
 * An employee who may read and add customers, made by the administrator at `base` (their adding a
 * customer notifies the administrator); their token.
 */
export async function customerClerkAt(base: string, adminToken: string, name: string, phoneNumber: string) {
  const password = 'Passw0rd!x';
  const user = await callJson(
    base,
    'POST',
    '/api/user',
    { name, phoneNumber, role: 'employee', permissions: ['customer:read', 'customer:create'], password },
    adminToken,
  );
  if (user.status !== 201) throw new Error(`creating ${name} failed: ${user.status}`);
  return signInAt(base, phoneNumber, password);
}

/**
 * A websocket to `base` as `token`, once connected; `notifications` collects what is pushed to it,
 * and `said(text)` tells whether a notification's description holds `text`.
 */
export async function notificationSocket(base: string, token: string, reconnection = true) {
  const socket: Socket = connect(base, { transports: ['websocket'], auth: { token }, reconnection });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const notifications: NotificationItem[] = [];
  socket.on('notification', (n: NotificationItem) => notifications.push(n));
  return {
    socket,
    notifications,
    said: (text: string) => notifications.some((n) => n.description.includes(text)),
  };
}
