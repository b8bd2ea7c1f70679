import type { NotificationItem, ServerToClientEvents } from '@idara/domain';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { loadOnce } from './load-once';
import { apiBase } from './runtime-config';
import { getToken } from './token-storage';

/** Realtime notification pushed by the server (spec §3, §7): one stored notification. */
export type NotificationPayload = NotificationItem;

/** Each event the server pushes, with its payload (the domain's `ServerToClientEvents`). */
export type SocketEvents = { [K in keyof ServerToClientEvents]: Parameters<ServerToClientEvents[K]>[0] };

type Listener<K extends keyof SocketEvents> = (payload: SocketEvents[K]) => void;

const listeners: { [K in keyof SocketEvents]: Set<Listener<K>> } = {
  notification: new Set(),
  whatsapp: new Set(),
  maintenance: new Set(),
  records: new Set(),
};
/**
 * Notifications that arrived while nobody listened — the socket connects with the first protected
 * page, the header's bell (which listens) loads just after that page has painted — held for the
 * first listener, so a push in that moment is neither lost nor silent. (WhatsApp screens fetch
 * what they show when they open; their events are not held.)
 */
const held: { [K in keyof SocketEvents]: SocketEvents[K][] } = {
  notification: [],
  whatsapp: [],
  maintenance: [],
  records: [],
};
const HELD_MAX = 50;

function deliver<K extends keyof SocketEvents>(event: K, payload: SocketEvents[K]): void {
  if (listeners[event].size === 0 && event === 'notification') {
    const queue = held[event] as SocketEvents[K][];
    queue.push(payload);
    if (queue.length > HELD_MAX) queue.shift();
    return;
  }
  for (const l of listeners[event]) l(payload);
}

/** Called after every connect but the first of a socket: pushes may have been missed meanwhile. */
const reconnectListeners = new Set<() => void>();

/** The client socket, typed with what the server pushes. */
type IdaraSocket = Socket<ServerToClientEvents>;
let socket: IdaraSocket | null = null;

/** Reconnection backoff: 1 s doubling up to 30 s, ±50 % jitter, so a restarted server is not stormed. */
export const SOCKET_RECONNECT = { delay: 1_000, delayMax: 30_000, jitter: 0.5 } as const;

const logReconnectAttempt = (attempt: number) => console.debug('[socket] reconnecting, attempt', attempt);

/**
 * socket.io-client is loaded on the first protected page, not with the shell: the sign-in page never
 * needs it (the shell's JavaScript budget, docs/PERFORMANCE.md).
 */
const loadClient = loadOnce(() => import('socket.io-client'));

/** The one socket: websocket only, token in auth, manual connect, 300 s timeout (spec §7, §9). */
function createSocket({ io }: typeof import('socket.io-client')): IdaraSocket {
  if (socket) return socket;
  const s: IdaraSocket = io(apiBase() || undefined, {
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    timeout: 300_000,
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECT.delay,
    reconnectionDelayMax: SOCKET_RECONNECT.delayMax,
    randomizationFactor: SOCKET_RECONNECT.jitter,
    auth: (cb) => cb({ token: getToken() }),
  });
  let connectedBefore = false;
  s.on('connect', () => {
    console.debug('[socket] connected', s.id);
    // The first connect loads nothing extra (the screens fetch on mount); a later one — automatic
    // reconnection or back from a public page — refetches what may have been pushed meanwhile.
    if (connectedBefore) for (const l of reconnectListeners) l();
    connectedBefore = true;
  });
  s.on('disconnect', (reason) => console.debug('[socket] disconnected', reason));
  s.io.on('reconnect_attempt', logReconnectAttempt);
  s.on('notification', (payload) => deliver('notification', payload));
  s.on('whatsapp', (payload) => deliver('whatsapp', payload));
  s.on('maintenance', (payload) => deliver('maintenance', payload));
  s.on('records', (payload) => deliver('records', payload));
  socket = s;
  return s;
}

/** Whether the current page wants the socket (a protected page); survives a page-unload close. */
let wanted = false;

/** Connected on protected pages. */
export function connectSocket(): void {
  wanted = true;
  loadClient().then(
    (module) => {
      if (!wanted) return; // left for a public page or signed out while loading
      const s = createSocket(module);
      if (!s.connected && !s.active) s.connect();
    },
    (error) => console.warn('[socket] client failed to load', error),
  );
}

/** Disconnected on public pages; the instance is kept for the next protected page. */
export function disconnectSocket(): void {
  wanted = false;
  if (socket?.active || socket?.connected) socket.disconnect();
}

function dropInstance(): void {
  held.notification = [];
  held.whatsapp = [];
  held.maintenance = [];
  held.records = [];
  if (!socket) return;
  socket.removeAllListeners();
  socket.io.off('reconnect_attempt', logReconnectAttempt);
  socket.disconnect();
  socket = null;
}

/** Sign-out: disconnect, remove listeners and forget the instance. */
export function closeSocket(): void {
  wanted = false;
  dropInstance();
}

/** Subscribe to a realtime event; returns the unsubscribe function. */
export function onSocketEvent<K extends keyof SocketEvents>(event: K, listener: Listener<K>): () => void {
  listeners[event].add(listener);
  const waiting = held[event].splice(0) as SocketEvents[K][];
  for (const payload of waiting) listener(payload);
  return () => {
    listeners[event].delete(listener);
  };
}

/** Subscribe to reconnects (every connect of the socket after its first); returns the unsubscribe function. */
export function onSocketReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

/** React hook around `onSocketEvent`; the latest handler is always called. */
export function useSocketEvent<K extends keyof SocketEvents>(event: K, handler: Listener<K>): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => onSocketEvent(event, (payload) => ref.current(payload)), [event]);
}

if (typeof window !== 'undefined') {
  // Page unload: disconnect and remove listeners (spec §4).
  window.addEventListener('pagehide', dropInstance);
  // Back from the back/forward cache: the page lives on, so connect again and catch up.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted || !wanted) return;
    connectSocket();
    for (const l of reconnectListeners) l();
  });
}
